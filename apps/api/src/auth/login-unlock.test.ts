import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';

// A stranger's wrong passwords must not lock the owner out of the address it signed up and verified from, and an
// owner held back at a new address gets in with a code mailed to the account.
describe('login lockout and the mailed unlock code', () => {
  let h: Harness;
  beforeAll(async () => {
    // one trusted proxy: the tests speak from several addresses through X-Forwarded-For
    h = await startHarness({ rateLimitScale: 1, trustProxy: 1 });
  }, 120_000);
  afterAll(() => h.close());

  const owner = { name: 'Owner', email: 'unlock-owner@example.com', password: 'field-secret-1' };
  const [stranger, home, elsewhere] = ['203.0.113.50', '198.51.100.20', '192.0.2.77'];
  const login = (from: string, password: string, email = owner.email) =>
    h.agent().post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password });

  it('keeps the sign-up address open and unlocks a new one by mail', async () => {
    // sign up and verify from `home`, never pressing Log In there
    const agent = h.agent();
    await agent.post('/api/auth/register').set('X-Forwarded-For', home).send(owner).expect(201);
    const before = h.smtp.mails.length;
    await agent.get('/api/auth/sendverifyotp').set('X-Forwarded-For', home).expect(200);
    const code = await h.smtp.codeFor(owner.email, before);
    await agent.post('/api/auth/verify-email').set('X-Forwarded-For', home).send({ otp: code }).expect(200);

    const guesses: number[] = [];
    for (let i = 0; i < 12; i++) guesses.push((await login(stranger, `guess-${i}`)).status);
    expect(guesses).toEqual([...Array(10).fill(401), 429, 429]);

    // the owner at the address it signed up and verified from is not held back
    const fromHome = await login(home, owner.password);
    expect(fromHome.status).toBe(200);
    expect(fromHome.body).toEqual({ success: true, message: 'Logged in' });

    // from an address it never used, the owner meets the lockout, which names the way out
    const locked = await login(elsewhere, owner.password);
    expect(locked.status).toBe(429);
    expect(locked.body.success).toBe(false);
    expect(locked.body.message).toMatch(/^Too many failed logins to this account\. Try again in \d+ minutes?, or unlock it with a code sent to its e-mail\.$/);

    const sent = h.smtp.mails.length;
    const ask = await h.agent().post('/api/auth/send-unlock-otp').set('X-Forwarded-For', elsewhere).send({ email: owner.email }).expect(200);
    expect(ask.body).toEqual({ success: true, message: 'If an account uses this e-mail, an unlock code has been sent to it.' });
    const unlockCode = await h.smtp.codeFor(owner.email, sent);
    const mail = h.smtp.mails.slice(sent).find((m) => m.to.includes(owner.email))!;
    expect(mail.raw).toContain('Subject: Your Site Measurement IoT unlock code');
    expect(mail.raw).toContain(elsewhere);

    // a wrong code unlocks nothing
    const wrong = unlockCode === '000000' ? '111111' : '000000';
    const bad = await h.agent().post('/api/auth/unlock-login').set('X-Forwarded-For', elsewhere).send({ email: owner.email, otp: wrong });
    expect(bad.status).toBe(400);
    expect((await login(elsewhere, owner.password)).status).toBe(429);

    const ok = await h.agent().post('/api/auth/unlock-login').set('X-Forwarded-For', elsewhere).send({ email: owner.email, otp: unlockCode });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: 'Unlocked. You can log in now.' });
    const fromElsewhere = await login(elsewhere, owner.password);
    expect(fromElsewhere.status).toBe(200);
    expect(fromElsewhere.headers['set-cookie']).toBeDefined();

    // the code is spent, and the stranger is still held back
    const again = await h.agent().post('/api/auth/unlock-login').set('X-Forwarded-For', stranger).send({ email: owner.email, otp: unlockCode });
    expect(again.status).toBe(400);
    expect((await login(stranger, owner.password)).status).toBe(429);
  }, 180_000);

  it('answers an unlock request for an unknown e-mail like a known one, and mails nothing', async () => {
    const sent = h.smtp.mails.length;
    const res = await h.agent().post('/api/auth/send-unlock-otp').set('X-Forwarded-For', elsewhere).send({ email: 'nobody-here@example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'If an account uses this e-mail, an unlock code has been sent to it.' });
    const bad = await h.agent().post('/api/auth/unlock-login').set('X-Forwarded-For', elsewhere).send({ email: 'nobody-here@example.com', otp: '123456' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: 'Invalid or expired code' });
    await new Promise((r) => setTimeout(r, 300));
    expect(h.smtp.mails.slice(sent).filter((m) => m.to.includes('nobody-here@example.com'))).toEqual([]);
  });
});
