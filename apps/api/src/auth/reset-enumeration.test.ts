import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../mail/mailer.js';
import { startHarness, type Harness } from '../testing/harness.js';

// send-reset-otp must not tell accounts apart by its time (decision 019): a reply that waited for the mail server
// for a known e-mail only would. With the mail server holding every mail back, both answers must still come, alike.
describe('POST /api/auth/send-reset-otp', () => {
  let h: Harness;
  let release: () => void = () => {};
  const held = new Promise<void>((ok) => (release = ok));
  beforeAll(async () => {
    h = await startHarness({ wrapMailer: (real): Mailer => ({ send: async (mail) => held.then(() => real.send(mail)) }) });
  }, 120_000);
  afterAll(() => h.close());

  it('answers a known and an unknown e-mail alike without waiting for the mail, which still goes out', async () => {
    await h.agent().post('/api/auth/register').send({ name: 'Known', email: 'known-reset@example.com', password: 'secret-1' }).expect(201);
    const known = await h.agent().post('/api/auth/send-reset-otp').send({ email: 'known-reset@example.com' });
    const unknown = await h.agent().post('/api/auth/send-reset-otp').send({ email: 'nobody-reset@example.com' });
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
    expect(known.body.success).toBe(true);
    expect(h.smtp.mails.some((m) => m.to.includes('known-reset@example.com'))).toBe(false);
    release();
    const code = await h.smtp.codeFor('known-reset@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(h.smtp.mails.some((m) => m.to.includes('nobody-reset@example.com'))).toBe(false);
  }, 60_000);

  it('tells the owner of an e-mail when someone tries to register it again', async () => {
    release();
    await h.agent().post('/api/auth/register').send({ name: 'Owner', email: 'taken@example.com', password: 'secret-1' }).expect(201);
    const before = h.smtp.mails.length;
    const again = await h.agent().post('/api/auth/register').send({ name: 'Stranger', email: 'taken@example.com', password: 'other-secret' });
    expect(again.status).toBe(201);
    for (let i = 0; i < 200 && !h.smtp.mails.slice(before).some((m) => m.to.includes('taken@example.com')); i++) await new Promise((r) => setTimeout(r, 25));
    const mail = h.smtp.mails.slice(before).find((m) => m.to.includes('taken@example.com'));
    expect(mail?.raw).toMatch(/Someone tried to create a Site Measurement IoT account/);
    expect(mail?.raw).toMatch(/Hello Owner/);
  }, 60_000);
});
