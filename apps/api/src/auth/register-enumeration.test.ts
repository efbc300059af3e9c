import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@smi/db';
import { startHarness, type Harness } from '../testing/harness.js';

// Registering an e-mail that has an account must not tell a stranger so (decision 019): the reply, and everything
// the session it sets answers, is the same as for a new e-mail, and both paths do
// the same work before each answer: the same statements, and no mail (mails and codes go after the answer). Only
// the mailbox tells them apart: the owner gets "someone tried to sign up", a new address its code.

/** The statements the app sent, with their parameters' shapes left out: what work a request did. */
function recording(db: Db) {
  const sent: string[] = [];
  const wrapped: Db = {
    ...db,
    kind: db.kind,
    query: (sql, params) => (sent.push(sql.replace(/\s+/g, ' ').trim()), db.query(sql, params)),
    queryWith: (settings, sql, params) => (sent.push(sql.replace(/\s+/g, ' ').trim()), db.queryWith(settings, sql, params)),
    tx: (fn) => db.tx(fn),
    close: () => db.close(),
  };
  return { wrapped, sent };
}

describe('POST /api/auth/register with an e-mail that already has an account', () => {
  let h: Harness;
  let statements: string[] = [];
  // work after the reply waits here while `holding`, so nothing of it can be counted with the request
  let holding = false;
  const held: (() => Promise<void>)[] = [];
  const releaseHeld = async () => {
    holding = false;
    for (const job of held.splice(0)) await job();
  };
  beforeAll(async () => {
    h = await startHarness({
      wrapDb: (db) => {
        const r = recording(db);
        statements = r.sent;
        return r.wrapped;
      },
      afterReply: (job) => (holding ? held.push(job) : void setImmediate(() => void job())),
    });
  }, 120_000);
  afterAll(() => h.close());

  /** One request, the statements it caused before its answer, and its answer. */
  async function step<T>(run: () => Promise<T>): Promise<{ res: T; work: string[] }> {
    const from = statements.length;
    const res = await run();
    return { res, work: statements.slice(from) };
  }

  async function walk(email: string) {
    const agent = h.agent();
    const out: Record<string, { status: number; body: unknown; work: string[] }> = {};
    const record = async (name: string, run: () => Promise<{ status: number; body: unknown; headers?: Record<string, unknown> }>) => {
      const { res, work } = await step(run);
      out[name] = { status: res.status, body: res.body, work };
      return res;
    };
    const reg = await record('register', () => agent.post('/api/auth/register').send({ name: 'Stranger', email, password: 'stranger-pw-1' }));
    const cookie = String((reg.headers as Record<string, string[]>)['set-cookie']?.[0] ?? '');
    // the session token looks alike: the same claims (an id, token version 0, its times)
    const token = /smi_session=([^;]+)/.exec(cookie)![1]!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    out.token = { status: 0, body: { keys: Object.keys(claims).sort(), tv: claims.tv, cookie: cookie.replace(/smi_session=[^;]+/, 'smi_session=T').replace(/Expires=[^;]+/, 'Expires=E') }, work: [] };
    await record('isAuth', () => agent.get('/api/auth/is-auth'));
    const data = await record('userData', () => agent.get('/api/user/data'));
    const userData = (data.body as { userData: { userId: string } }).userData;
    expect(userData.userId).toMatch(/^[0-9a-f-]{36}$/);
    userData.userId = 'ID';
    await record('sendVerifyOtp', () => agent.get('/api/auth/sendverifyotp'));
    await record('wrongCode', () => agent.post('/api/auth/verify-email').send({ otp: '000000' }));
    await record('verifiedOnly', () => agent.get('/api/user/settings'));
    await record('logout', () => agent.post('/api/auth/logout'));
    await record('afterLogout', () => h.agent().get('/api/auth/is-auth').set('Cookie', cookie.split(';')[0]!));
    return out;
  }

  it('answers, and works, exactly as for a new e-mail until the mailbox: the owner is told, the stranger gets no code', async () => {
    await h.agent().post('/api/auth/register').send({ name: 'Owner', email: 'owner-taken@example.com', password: 'owner-pw-1' }).expect(201);
    await new Promise((r) => setTimeout(r, 200));
    const mailsBefore = h.smtp.mails.length;
    holding = true;
    const fresh = await walk('someone-new@example.com');
    const taken = await walk('owner-taken@example.com');
    // the same replies, step by step (the e-mail typed is echoed back in user data: compare it by its place)
    const echoFree = (o: typeof fresh) => JSON.parse(JSON.stringify(o).replaceAll('someone-new@example.com', 'E').replaceAll('owner-taken@example.com', 'E'));
    expect(echoFree(taken)).toEqual(echoFree(fresh));
    expect(fresh.register!.status).toBe(201);
    expect(fresh.register!.body).toEqual({ success: true, message: 'Account created' });
    expect(fresh.isAuth!.body).toEqual({ success: true, verified: false });
    expect(fresh.sendVerifyOtp!.body).toEqual({ success: true, message: 'Verification code sent to your e-mail' });
    expect(fresh.wrongCode!.status).toBe(400);
    expect(fresh.verifiedOnly!.status).toBe(403);
    expect(fresh.afterLogout!.status).toBe(401);
    // the same work: every step sent the database the same statements, and did not wait for any mail
    expect(fresh.register!.work.length).toBeGreaterThan(0);
    expect(h.smtp.mails.length).toBe(mailsBefore);

    await releaseHeld();
    await h.smtp.codeFor('someone-new@example.com', mailsBefore);
    const tries = async () => {
      for (let i = 0; i < 200 && !h.smtp.mails.slice(mailsBefore).some((m) => m.to.includes('owner-taken@example.com')); i++) await new Promise((r) => setTimeout(r, 25));
    };
    await tries();
    const toOwner = h.smtp.mails.slice(mailsBefore).filter((m) => m.to.includes('owner-taken@example.com'));
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.raw).toMatch(/Someone tried to create a Site Measurement IoT account/);
    expect(toOwner[0]!.raw).not.toMatch(/verification code/i);
  }, 60_000);

  it('leaves the owner\'s account as it was: their password still signs in, the stranger\'s does not', async () => {
    await h.agent().post('/api/auth/login').send({ email: 'owner-taken@example.com', password: 'owner-pw-1' }).expect(403);
    await h.agent().post('/api/auth/login').send({ email: 'owner-taken@example.com', password: 'stranger-pw-1' }).expect(401);
  });
});
