import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';

// the product's budgets: 30 registrations per account in 15 minutes, refused ones counted
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rateLimitScale: 1 });
}, 120_000);
afterAll(async () => h?.close());

type Agent = Awaited<ReturnType<Harness['verifiedUser']>>['agent'];
let n = 0;
const freshCode = () => `PROBE-${Date.now().toString(36).toUpperCase()}-${++n}`;
const register = (agent: Agent, code: string) => agent.post(`/api/devices/${code}`).send({ Name: 'Receiver', Type: 'rover' });

describe('another account\'s device code', () => {
  it('reads like a missing one on every page; only a registration says it is taken, the same words as for one\'s own, and within the budget', async () => {
    const owner = await h.verifiedUser();
    const prober = await h.verifiedUser();
    const taken = freshCode();
    const missing = freshCode();
    await register(owner.agent, taken).expect(201);

    // /check and the device page speak for the asking account: a code of another account answers like a missing one
    const check = async (code: string) => (await prober.agent.get(`/api/devices/${code}/check`).expect(200)).body;
    expect(await check(taken)).toEqual(await check(missing));
    expect(await check(taken)).toEqual({ success: true, exists: false, isInUse: false });
    const page = async (code: string) => {
      const res = await prober.agent.get(`/api/devices/${code}`);
      return { status: res.status, body: res.body };
    };
    expect(await page(taken)).toEqual(await page(missing));

    // a code is one account's: registering it again answers 409, in the same words whoever holds it
    const again = await register(owner.agent, taken);
    const byOther = await register(prober.agent, taken);
    expect({ status: byOther.status, body: byOther.body }).toEqual({ status: again.status, body: again.body });
    expect(byOther.body).toEqual({ success: false, message: 'This device is already registered' });

    // and that answer costs the registration budget: probing stops after 30 tries, taken codes and free alike
    const statuses: number[] = [byOther.status];
    for (let i = 0; i < 31; i++) statuses.push((await register(prober.agent, i % 2 ? taken : `${missing}-${i}`)).status);
    expect(statuses.slice(0, 30).every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const [{ n: made }] = (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM devices WHERE owner_id = $1', [prober.userId])) as [{ n: number }];
    expect(made).toBe(15);
  }, 120_000);
});
