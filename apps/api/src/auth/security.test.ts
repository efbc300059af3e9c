import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { startHarness, type Harness } from '../testing/harness.js';
import { SESSION_COOKIE } from './session.js';

const SECRET = 'test-secret-that-is-long-enough-to-be-real-0123456789';

describe('sessions', () => {
  let h: Harness;
  let user: Awaited<ReturnType<Harness['verifiedUser']>>;
  beforeAll(async () => {
    h = await startHarness();
    user = await h.verifiedUser();
  });
  afterAll(() => h.close());

  it('are an HttpOnly, SameSite=Lax cookie with a bounded lifetime', async () => {
    const res = await h.agent().post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    const cookie = res.headers['set-cookie']![0]!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const maxAge = Number(cookie.match(/Max-Age=(\d+)/)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(7 * 24 * 3600);
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const decoded = jwt.decode(token, { complete: true })!;
    expect(decoded.header.alg).toBe('HS256');
    expect((decoded.payload as jwt.JwtPayload).exp! - (decoded.payload as jwt.JwtPayload).iat!).toBe(7 * 24 * 3600);
  });

  const asCookie = (token: string) => `${SESSION_COOKIE}=${token}`;

  it('refuse a token signed with another algorithm, an unsigned one, a forged one and an expired one', async () => {
    const [row] = await h.db.query<{ token_version: number }>('SELECT token_version FROM users WHERE id = $1', [user.userId]);
    const claims = { sub: user.userId, tv: row!.token_version };
    const good = jwt.sign(claims, SECRET, { algorithm: 'HS256', expiresIn: 60 });
    await request(h.server).get('/api/user/data').set('Cookie', asCookie(good)).expect(200);

    const other = jwt.sign(claims, SECRET, { algorithm: 'HS512', expiresIn: 60 });
    const unsigned = jwt.sign(claims, '', { algorithm: 'none' } as jwt.SignOptions);
    const forged = jwt.sign(claims, 'some-other-secret-of-sufficient-length-000000', { algorithm: 'HS256' });
    const expired = jwt.sign({ ...claims, iat: Math.floor(Date.now() / 1000) - 3600 }, SECRET, { algorithm: 'HS256', expiresIn: 60 });
    const noExpiry = jwt.sign({ ...claims, iat: Math.floor(Date.now() / 1000) - 8 * 24 * 3600 }, SECRET, { algorithm: 'HS256' });
    for (const token of [other, unsigned, forged, expired, noExpiry, 'garbage', '']) {
      const res = await request(h.server).get('/api/user/data').set('Cookie', asCookie(token));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Not authorized. Log in again.' });
    }
  });

  it('become Secure cookies when the public URL is https', async () => {
    const secure = await startHarness({ publicUrl: 'https://survey.example.com' });
    try {
      const res = await secure.agent().post('/api/auth/register').send({ name: 'S', email: 's@example.com', password: 'secret-1' });
      expect(res.headers['set-cookie']![0]).toMatch(/;\s*Secure/i);
    } finally {
      await secure.close();
    }
  });
});

describe('one-time codes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  async function unverified(email: string) {
    const agent = h.agent();
    await agent.post('/api/auth/register').send({ name: 'U', email, password: 'secret-1' }).expect(201);
    const before = h.smtp.mails.length;
    await agent.get('/api/auth/sendverifyotp').expect(200);
    return { agent, code: await h.smtp.codeFor(email, before) };
  }

  it('are stored hashed, never as the code itself', async () => {
    const { code } = await unverified('hashed@example.com');
    const rows = await h.db.query<{ code_hash: string }>('SELECT code_hash FROM otp_codes');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.code_hash).not.toContain(code);
  });

  it('die after five wrong tries: the right code no longer works', async () => {
    const { agent, code } = await unverified('guesser@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push((await agent.post('/api/auth/verify-email').send({ otp: wrong })).body.message);
    expect(replies.slice(0, 4)).toEqual(Array(4).fill('Invalid or expired code'));
    expect(replies[4]).toBe('Too many wrong codes. Request a new code.');
    const late = await agent.post('/api/auth/verify-email').send({ otp: code });
    expect(late.status).toBe(400);
    expect((await agent.get('/api/auth/is-auth')).body.verified).toBe(false);
  });

  it('expire after ten minutes', async () => {
    const { agent, code } = await unverified('slow@example.com');
    await h.db.query(
      "UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)",
      ['slow@example.com'],
    );
    const res = await agent.post('/api/auth/verify-email').send({ otp: code });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid or expired code');
    const [row] = await h.db.query<{ minutes: number }>(
      'SELECT 1 AS minutes FROM otp_codes WHERE user_id = (SELECT id FROM users WHERE email = $1)',
      ['slow@example.com'],
    );
    expect(row).toBeUndefined();
  });

  it('are issued with a ten minute lifetime and are six digits', async () => {
    const { code } = await unverified('ttl@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await h.db.query<{ seconds: number }>(
      `SELECT EXTRACT(EPOCH FROM (expires_at - created_at))::int AS seconds FROM otp_codes
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      ['ttl@example.com'],
    );
    expect(Number(row!.seconds)).toBe(600);
  });

  it('a reset code cannot verify an account and a verify code cannot reset a password', async () => {
    const { agent, code } = await unverified('mixed@example.com');
    const res = await h.agent().post('/api/auth/reset-password').send({ email: 'mixed@example.com', otp: code, newPassword: 'another-1' });
    expect(res.status).toBe(400);
    await agent.post('/api/auth/verify-email').send({ otp: code }).expect(200);
  });
});

describe('rate limits', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ rateLimitScale: 1 });
  });
  afterAll(() => h.close());

  it('stop password guessing on one account after ten tries, with a 429 and a clear message', async () => {
    await h.agent().post('/api/auth/register').send({ name: 'R', email: 'target@example.com', password: 'secret-1' }).expect(201);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await h.agent().post('/api/auth/login').send({ email: 'target@example.com', password: `guess-${i}` })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const blocked = await h.agent().post('/api/auth/login').send({ email: 'target@example.com', password: 'secret-1' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.success).toBe(false);
    expect(blocked.body.message).toMatch(/^Too many failed logins to this account\. Try again in \d+ minutes?, or unlock it with a code sent to its e-mail\.$/);
  });

  it('stop a flood of reset mails to one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await h.agent().post('/api/auth/send-reset-otp').send({ email: 'flood@example.com' })).status);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(200));
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('limit one address across many accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push((await h.agent().post('/api/auth/send-reset-otp').send({ email: `many${i}@example.com` })).status);
    }
    // 7 were spent by the previous test from this same address
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.indexOf(429)).toBe(20 - 7);
  });
});

describe('cross-site requests and request bodies', () => {
  let h: Harness;
  let user: Awaited<ReturnType<Harness['verifiedUser']>>;
  beforeAll(async () => {
    h = await startHarness();
    user = await h.verifiedUser();
  });
  afterAll(() => h.close());

  it('refuse a state change whose Origin is another site, and change nothing', async () => {
    const res = await user.agent
      .put('/api/user/settings')
      .set('Origin', 'https://evil.example')
      .send({ map: { theme: 'Dark' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: 'Cross-site request refused' });
    expect((await user.agent.get('/api/user/settings')).body.Data.map.theme).toBe('Light');
  });

  it('accept the same change from the app own origin and from clients that send no Origin', async () => {
    const own = new URL(h.url).origin;
    await user.agent.put('/api/user/settings').set('Origin', own).send({ map: { theme: 'Dark' } }).expect(200);
    await user.agent.put('/api/user/settings').send({ map: { theme: 'Light' } }).expect(200);
  });

  it('refuse a request a browser marks cross-site, even a GET that sends a mail', async () => {
    const fresh = h.agent();
    await fresh.post('/api/auth/register').send({ name: 'X', email: 'xsite@example.com', password: 'secret-1' }).expect(201);
    const before = h.smtp.mails.length;
    await fresh.get('/api/auth/sendverifyotp').set('Sec-Fetch-Site', 'cross-site').expect(403);
    expect(h.smtp.mails.length).toBe(before);
  });

  it('refuse a form post or a text/plain body (what a cross-site form can send)', async () => {
    const form = await user.agent.post('/api/auth/logout').type('form').send('a=1');
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ success: false, message: 'Request body must be JSON' });
    const plain = await user.agent.put('/api/user/settings').set('Content-Type', 'text/plain').send('{"map":{"theme":"Dark"}}');
    expect(plain.status).toBe(415);
    await user.agent.get('/api/user/data').expect(200);
  });

  it('refuse a body over 100 KiB with 413 and malformed JSON with 400', async () => {
    const huge = await h.agent().post('/api/auth/login').send({ email: 'a@b.co', password: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ success: false, message: 'Request body is too large' });
    const broken = await h.agent().post('/api/auth/login').set('Content-Type', 'application/json').send('{"email":');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ success: false, message: 'Malformed JSON body' });
  });

  it('sends the helmet security headers and no stack traces', async () => {
    const res = await h.agent().get('/api/auth/is-auth');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['x-powered-by']).toBeUndefined();
    const missing = await h.agent().get('/api/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: 'No such endpoint: GET /api/nope' });
  });
});
