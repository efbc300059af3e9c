import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startHarness, type Harness } from '../testing/harness.js';

describe('an account from sign-up to password reset, over real HTTP with cookies and real SMTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('walks register -> mailed code -> verify -> login -> data -> change password -> logout -> reset -> login', async () => {
    const email = 'walker@example.com';
    const browser = h.agent();

    // sign up: signed in at once, but not verified
    const reg = await browser.post('/api/auth/register').send({ name: 'Walker', email, password: 'first-pass' }).expect(201);
    expect(reg.body).toMatchObject({ success: true });
    expect((await browser.get('/api/auth/is-auth').expect(200)).body).toEqual({ success: true, verified: false });
    // the working endpoints wait for verification
    expect((await browser.get('/api/user/settings').expect(403)).body).toEqual({
      success: false,
      message: 'Please verify your account first.',
    });

    // the code arrives by SMTP and verifies the account
    const sent = h.smtp.mails.length;
    expect((await browser.get('/api/auth/sendverifyotp').expect(200)).body.success).toBe(true);
    const code = await h.smtp.codeFor(email, sent);
    expect(code).toMatch(/^\d{6}$/);
    const verified = await browser.post('/api/auth/verify-email').send({ otp: code }).expect(200);
    expect(verified.body).toEqual({ success: true, message: 'Email verified successfully' });
    expect((await browser.get('/api/auth/is-auth')).body).toEqual({ success: true, verified: true });

    // a second device logs in
    const phone = h.agent();
    const login = await phone.post('/api/auth/login').send({ email: ' Walker@Example.com ', password: 'first-pass' }).expect(200);
    expect(login.body).toEqual({ success: true, message: 'Logged in' });
    const data = await phone.get('/api/user/data').expect(200);
    expect(data.body).toEqual({
      success: true,
      userData: { userId: expect.any(String), name: 'Walker', email, isAccountVerified: true },
    });

    // a copy of the phone's cookie, as a thief would hold it
    const stolenCookie = login.headers['set-cookie']![0]!.split(';')[0]!;
    await request(h.server).get('/api/user/data').set('Cookie', stolenCookie).expect(200);

    // password change on the phone: the phone stays in, every earlier session (browser, thief) ends
    const changed = await phone
      .post('/api/user/change-password')
      .send({ currentPassword: 'first-pass', newPassword: 'second-pass', confirmPassword: 'second-pass' })
      .expect(200);
    expect(changed.body).toEqual({ success: true, message: 'Password has changed' });
    await phone.get('/api/user/data').expect(200);
    await request(h.server).get('/api/user/data').set('Cookie', stolenCookie).expect(401);
    await browser.get('/api/user/data').expect(401);
    await h.agent().post('/api/auth/login').send({ email, password: 'first-pass' }).expect(401);

    // logout ends the phone's session too
    expect((await phone.post('/api/auth/logout').expect(200)).body.success).toBe(true);
    expect((await phone.get('/api/auth/is-auth').expect(401)).body).toMatchObject({ success: false });

    // forgotten password: reset with a mailed code
    const anon = h.agent();
    const before = h.smtp.mails.length;
    await anon.post('/api/auth/send-reset-otp').send({ email }).expect(200);
    const resetCode = await h.smtp.codeFor(email, before);
    const reset = await anon.post('/api/auth/reset-password').send({ email, otp: resetCode, newPassword: 'third-pass' }).expect(200);
    expect(reset.body.success).toBe(true);
    // a code works once
    await anon.post('/api/auth/reset-password').send({ email, otp: resetCode, newPassword: 'fourth-pass' }).expect(400);

    const again = h.agent();
    await again.post('/api/auth/login').send({ email, password: 'second-pass' }).expect(401);
    expect((await again.post('/api/auth/login').send({ email, password: 'third-pass' }).expect(200)).body.success).toBe(true);
    expect((await again.get('/api/user/data').expect(200)).body.userData.email).toBe(email);
  });

  it('answers an unverified login with the verify message and a session that can verify', async () => {
    const email = 'late@example.com';
    await h.agent().post('/api/auth/register').send({ name: 'Late', email, password: 'secret-1' }).expect(201);
    const agent = h.agent();
    const res = await agent.post('/api/auth/login').send({ email, password: 'secret-1' }).expect(403);
    expect(res.body).toEqual({ success: false, message: 'Please verify your account first.' });
    const before = h.smtp.mails.length;
    await agent.get('/api/auth/sendverifyotp').expect(200);
    await agent.post('/api/auth/verify-email').send({ otp: await h.smtp.codeFor(email, before) }).expect(200);
    expect((await agent.get('/api/auth/is-auth')).body).toEqual({ success: true, verified: true });
  });

  it('makes no second account with the same e-mail, whatever its case, yet answers like a new one (decision 019)', async () => {
    await h.agent().post('/api/auth/register').send({ name: 'A', email: 'twice@example.com', password: 'secret-1' }).expect(201);
    const res = await h.agent().post('/api/auth/register').send({ name: 'B', email: 'TWICE@example.com', password: 'secret-2' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: 'Account created' });
    const rows = await h.db.query<{ name: string }>("SELECT name FROM users WHERE lower(email) = 'twice@example.com'");
    expect(rows).toEqual([{ name: 'A' }]);
    await h.agent().post('/api/auth/login').send({ email: 'twice@example.com', password: 'secret-2' }).expect(401);
  });

  it('tells a wrong password and an unknown e-mail apart in no way', async () => {
    await h.agent().post('/api/auth/register').send({ name: 'C', email: 'known@example.com', password: 'secret-1' }).expect(201);
    const wrong = await h.agent().post('/api/auth/login').send({ email: 'known@example.com', password: 'nope-nope' });
    const unknown = await h.agent().post('/api/auth/login').send({ email: 'ghost@example.com', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('answers a reset for an unknown e-mail exactly like one for a known e-mail, and mails nobody', async () => {
    await h.agent().post('/api/auth/register').send({ name: 'D', email: 'real@example.com', password: 'secret-1' }).expect(201);
    const before = h.smtp.mails.length;
    const known = await h.agent().post('/api/auth/send-reset-otp').send({ email: 'real@example.com' });
    const unknown = await h.agent().post('/api/auth/send-reset-otp').send({ email: 'nobody@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await h.smtp.codeFor('real@example.com', before);
    expect(h.smtp.mails.slice(before).some((m) => m.to.includes('nobody@example.com'))).toBe(false);
    const guess = await h.agent().post('/api/auth/reset-password').send({ email: 'nobody@example.com', otp: '123456', newPassword: 'x-secret' });
    expect(guess.status).toBe(400);
    expect(guess.body).toEqual({ success: false, message: 'Invalid or expired code' });
  });
});
