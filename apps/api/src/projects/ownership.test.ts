import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../testing/harness.js';
import { startLiveHarness } from '../realtime/live-harness.js';
import { snapshotOf, surveyFixture, uniqueCode } from './survey-fixtures.js';
import { ownedEndpoints, SAMPLES, send, type SampleRequest, type SurveyEndpointName } from './survey-requests.js';

/**
 * Generated from the contracts' endpoint table: for every survey, export and device-credential endpoint, account B sends a request that names
 * account A's objects (all at once, then each reference alone inside B's own valid request). Each must answer exactly
 * as the same request naming an object that does not exist (404, except check, whose "missing" is exists:false),
 * and leave A's data as it was. B's own request then succeeds, so the refusals are about ownership, not bad input.
 */

// fields that differ between two accounts' samples without naming an owned object: a new code to register
// (its uniqueness across all accounts, 409, is a rule of device codes: decision 003)
const NOT_REFERENCES: Partial<Record<SurveyEndpointName, string[]>> = { registerDevice: ['params.deviceId'] };
// what "missing" answers where it is not 404
const MISSING_STATUS: Partial<Record<SurveyEndpointName, number>> = { checkDevice: 200 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missingLike = (v: unknown): unknown => (Array.isArray(v) ? v.map(missingLike) : typeof v === 'string' && UUID.test(v) ? randomUUID() : uniqueCode('GONE'));

type Where = 'params' | 'body';
const fieldsOf = (r: SampleRequest) =>
  (['params', 'body'] as Where[]).flatMap((w) => Object.keys(r[w] ?? {}).map((k) => [w, k] as const));
const get = (r: SampleRequest, w: Where, k: string) => r[w]?.[k];
const withField = (r: SampleRequest, w: Where, k: string, v: unknown): SampleRequest => ({ ...r, [w]: { ...r[w], [k]: v } });

/** The reply with the named values replaced, so "not found: {id}" for A's id and for a missing id compare equal. */
function normalised(res: { status: number; body: unknown }, values: unknown[]) {
  let text = JSON.stringify(res.body);
  for (const v of values.flat()) if (typeof v === 'string' && v) text = text.split(v).join('<ref>');
  return { status: res.status, body: JSON.parse(text) };
}

describe('every survey endpoint keeps each account to its own objects', () => {
  let h: Harness;
  let a: Awaited<ReturnType<Harness['verifiedUser']>>;
  let b: Awaited<ReturnType<Harness['verifiedUser']>>;
  beforeAll(async () => {
    // with the gateway and the live feed, so device secrets can be made too
    h = await startLiveHarness();
    a = await h.verifiedUser('Ann');
    b = await h.verifiedUser('Ben');
  });
  afterAll(() => h.close());

  it('has a sample request for every endpoint of the table', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(ownedEndpoints).sort());
  });

  it('answers every endpoint 401 without a session and 403 for an account not yet verified', async () => {
    const f = await surveyFixture(h, a);
    const unverified = h.agent();
    await unverified.post('/api/auth/register').send({ name: 'New', email: `new${Date.now()}@example.com`, password: 'secret-12' }).expect(201);
    for (const [name, endpoint] of Object.entries(ownedEndpoints) as [SurveyEndpointName, (typeof ownedEndpoints)[SurveyEndpointName]][]) {
      expect((await send(h.agent(), endpoint, SAMPLES[name](f))).status, name).toBe(401);
      const res = await send(unverified, endpoint, SAMPLES[name](f));
      expect(res.status, name).toBe(403);
      expect(res.body, name).toEqual({ success: false, message: 'Please verify your account first.' });
    }
  });

  for (const [name, endpoint] of Object.entries(ownedEndpoints) as [SurveyEndpointName, (typeof ownedEndpoints)[SurveyEndpointName]][]) {
    it(`${name} (${endpoint.method} ${endpoint.path}): another account's ids answer like missing ones and change nothing`, async () => {
      const fa = await surveyFixture(h, a);
      const fb = await surveyFixture(h, b);
      const ra = SAMPLES[name](fa);
      const rb = SAMPLES[name](fb);
      const skip = NOT_REFERENCES[name] ?? [];
      const refs = fieldsOf(rb).filter(([w, k]) => !skip.includes(`${w}.${k}`) && JSON.stringify(get(ra, w, k)) !== JSON.stringify(get(rb, w, k)));
      expect(refs.length, 'an endpoint of this table names at least one owned object').toBeGreaterThan(0);
      const expected = MISSING_STATUS[name] ?? 404;
      const before = await snapshotOf(h, a.userId);

      // A's request as a whole, sent by B, against the same request with every reference missing
      let whole = ra;
      let gone = ra;
      for (const [w, k] of refs) gone = withField(gone, w, k, missingLike(get(ra, w, k)));
      for (const [w, k] of fieldsOf(ra).filter(([w, k]) => skip.includes(`${w}.${k}`))) {
        whole = withField(whole, w, k, get(rb, w, k));
        gone = withField(gone, w, k, get(rb, w, k));
      }
      const refValues = (r: SampleRequest) => refs.map(([w, k]) => get(r, w, k));
      const foreignWhole = await send(b.agent, endpoint, whole);
      const missingWhole = await send(b.agent, endpoint, gone);
      expect(foreignWhole.status, JSON.stringify(foreignWhole.body)).toBe(expected);
      expect(normalised(foreignWhole, refValues(whole))).toEqual(normalised(missingWhole, refValues(gone)));

      // each reference alone: B's own request with one field naming A's object, or naming nothing
      for (const [w, k] of refs) {
        const foreign = withField(rb, w, k, get(ra, w, k));
        const missing = withField(rb, w, k, missingLike(get(ra, w, k)));
        const fr = await send(b.agent, endpoint, foreign);
        const mr = await send(b.agent, endpoint, missing);
        expect(fr.status, `${w}.${k}: ${JSON.stringify(fr.body)}`).toBe(expected);
        expect(normalised(fr, [get(foreign, w, k)]), `${w}.${k}`).toEqual(normalised(mr, [get(missing, w, k)]));
      }
      expect(await snapshotOf(h, a.userId)).toEqual(before);

      // B's own request is valid and succeeds, and still leaves A alone
      const own = await send(b.agent, endpoint, rb);
      expect(own.status, JSON.stringify(own.body)).toBeLessThan(300);
      // a JSON reply says success; an export answers with its file
      if (own.type === 'application/json') expect(own.body.success).toBe(true);
      else expect(own.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(await snapshotOf(h, a.userId)).toEqual(before);
    });
  }
});
