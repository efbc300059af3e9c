import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';

const TOKEN = 'operator-token-0123456789abcdef';

// /api/health's internal counters (refused logins, drops) are for the operator, not for anyone who asks.
describe('GET /api/health from outside', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ trustProxy: 1, healthToken: TOKEN });
  }, 120_000);
  afterAll(() => h.close());

  it('answers only whether the service is up to an outsider', async () => {
    const res = await h.agent().get('/api/health').set('X-Forwarded-For', '203.0.113.5').expect(200);
    expect(res.body).toEqual({ success: true, db: 'up' });
    const wrong = await h.agent().get('/api/health').set('X-Forwarded-For', '203.0.113.5').set('Authorization', `Bearer ${TOKEN}x`).expect(200);
    expect(wrong.body).toEqual({ success: true, db: 'up' });
  });

  it('shows the counters to an operator with HEALTH_TOKEN and to the service on its own host', async () => {
    const operator = await h.agent().get('/api/health').set('X-Forwarded-For', '203.0.113.5').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(operator.body).toMatchObject({ success: true, db: 'up', broker: { connected: false }, sockets: 0 });
    const local = await h.agent().get('/api/health').expect(200);
    expect(local.body.broker.totals).toEqual(expect.objectContaining({ authFailures: 0 }));
  });
});
