import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';

// Wrong passwords from one address lock that address out, never the owner at an address they have used before.
describe('password guessing against one account', () => {
  let h: Harness;
  beforeAll(async () => {
    // one trusted proxy: the tests speak from several addresses through X-Forwarded-For
    h = await startHarness({ rateLimitScale: 1, trustProxy: 1 });
  }, 120_000);
  afterAll(() => h.close());

  const login = (from: string, email: string, password: string) =>
    h.agent().post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password });

  it('slows the guesser but never refuses the right password from the owner\'s own address', async () => {
    const email = 'owner-lockout@example.com';
    await h.agent().post('/api/auth/register').set('X-Forwarded-For', '198.51.100.7').send({ name: 'Owner', email, password: 'secret-1' }).expect(201);
    // the owner signs in from their address once: it becomes known to the account
    expect((await login('198.51.100.7', email, 'secret-1')).status).not.toBe(401);

    const guesses: number[] = [];
    for (let i = 0; i < 12; i++) guesses.push((await login('203.0.113.9', email, `guess-${i}`)).status);
    expect(guesses).toEqual([...Array(10).fill(401), 429, 429]);
    // the guesser's address is stopped, even with the right password
    expect((await login('203.0.113.9', email, 'secret-1')).status).toBe(429);
    // and so is any other address the account never signed in from: the budget is the account's
    expect((await login('192.0.2.44', email, 'guess-x')).status).toBe(429);

    // the owner, from their own address, still signs in (403: the account is not verified, with its session)
    const owner = await login('198.51.100.7', email, 'secret-1');
    expect(owner.status).toBe(403);
    expect(owner.body.message).toBe('Please verify your account first.');
    expect(owner.headers['set-cookie']).toBeDefined();
    // and a wrong password from there is still checked, not refused
    expect((await login('198.51.100.7', email, 'typo')).status).toBe(401);
  }, 180_000);
});
