import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { authEndpoints, userEndpoints, type Endpoint } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { badBodies } from '../testing/bad-bodies.js';

// a valid body for each endpoint of this area that takes one: the fuzzer breaks it in every way it can
const VALID: Record<string, Record<string, unknown>> = {
  register: { name: 'N', email: 'fuzz-new@example.com', password: 'secret-1' },
  login: { email: 'fuzz@example.com', password: 'wrong-pass' },
  verifyEmail: { otp: '123456' },
  sendResetOtp: { email: 'fuzz@example.com' },
  resetPassword: { email: 'fuzz@example.com', otp: '123456', newPassword: 'secret-2' },
  sendUnlockOtp: { email: 'fuzz@example.com' },
  unlockLogin: { email: 'fuzz@example.com', otp: '123456' },
  changePassword: { currentPassword: 'wrong-pass', newPassword: 'secret-2', confirmPassword: 'secret-2' },
  putSettings: { map: { theme: 'Dark' } },
};

describe('bad bodies on every account and settings endpoint', () => {
  let h: Harness;
  let user: Awaited<ReturnType<Harness['verifiedUser']>>;
  const snapshot = () =>
    h.db.query(
      `SELECT u.id, u.email, u.name, u.password_hash, u.is_verified, u.token_version, u.settings::text,
              (SELECT count(*) FROM otp_codes) AS codes
       FROM users u ORDER BY u.id`,
    );

  beforeAll(async () => {
    h = await startHarness();
    user = await h.verifiedUser();
  });
  afterAll(() => h.close());

  const table = { ...authEndpoints, ...userEndpoints } as Record<string, Endpoint>;
  const withBody = Object.entries(table).filter(([, e]) => e.body);

  it('knows a valid body for every endpoint that takes one', () => {
    expect(withBody.map(([name]) => name).sort()).toEqual(Object.keys(VALID).sort());
  });

  for (const [name, endpoint] of withBody) {
    it(`${endpoint.method} ${endpoint.path} answers 4xx {success:false, message} and changes nothing`, async () => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(badBodies(VALID[name]!), async (bad) => {
          const req = user.agent[endpoint.method.toLowerCase() as 'post'](endpoint.path).set('Content-Type', 'application/json');
          const res = await req.send('raw' in bad ? bad.raw : JSON.stringify(bad.json));
          expect(res.status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
          expect(res.status, JSON.stringify(bad)).toBeLessThan(500);
          expect(res.body.success).toBe(false);
          expect(typeof res.body.message).toBe('string');
          expect(res.body.message.length).toBeGreaterThan(0);
          expect(res.body.message).not.toMatch(/\n\s+at /);
        }),
        { numRuns: 250 },
      );
      expect(await snapshot()).toEqual(before);
      await user.agent.get('/api/user/data').expect(200);
    });
  }

  it('refuses a NUL character in any text field instead of failing at the database', async () => {
    const before = await snapshot();
    const reg = await h.agent().post('/api/auth/register').send({ name: 'A\u0000B', email: 'nul@example.com', password: 'secret-1' });
    expect(reg.status).toBe(400);
    expect(reg.body).toEqual({ success: false, message: 'name: name must not contain NUL characters' });
    // no password holds a NUL (bcrypt would stop reading at it): refused before any account is looked at
    const login = await h.agent().post('/api/auth/login').send({ email: 'nul@example.com', password: 'a\u0000b' });
    expect(login.body).toEqual({ success: false, message: 'password: must not contain NUL characters or unpaired surrogates' });
    const settings = await user.agent.put('/api/user/settings').send({ network: { customMqttUrl: 'mqtt://a\u0000b' } });
    expect(settings.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('names the field in the message', async () => {
    const res = await user.agent.put('/api/user/settings').send({ system: { distanceUnit: 'MILES' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^system\.distanceUnit: /);
    const reg = await h.agent().post('/api/auth/register').send({ name: 'A', email: 'not-an-email', password: 'secret-1' });
    expect(reg.body).toEqual({ success: false, message: 'email: email must be a valid e-mail address' });
    // bcrypt reads 72 bytes: 37 two-byte letters are 74 bytes, refused rather than silently cut
    const long = await h.agent().post('/api/auth/register').send({ name: 'L', email: 'long@example.com', password: 'é'.repeat(37) });
    expect(long.body).toEqual({ success: false, message: 'password: Password must be at most 72 bytes' });
    const short = await h.agent().post('/api/auth/register').send({ name: 'S', email: 'short@example.com', password: '12345' });
    expect(short.body).toEqual({ success: false, message: 'password: Password must be at least 6 characters' });
    const extra = await h.agent().post('/api/auth/login').send({ email: 'a@b.co', password: 'x', admin: true });
    expect(extra.body).toEqual({ success: false, message: 'Unknown field: admin' });
  });
});
