import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pathFor, surveyEndpoints, type Endpoint } from '@smi/contracts';
import { startHarness, type Harness } from '../testing/harness.js';
import { badBodies } from '../testing/bad-bodies.js';
import { surveyFixture, type SurveyFixture } from './survey-fixtures.js';
import { SAMPLES, type SurveyEndpointName } from './survey-requests.js';

/**
 * Generated from the endpoint table: each survey endpoint gets a few hundred broken bodies and path values built
 * around its valid sample. Every one that its zod schema refuses must answer 400 {success:false, message naming the
 * field}, never a 500, and leave the whole database as it was.
 */

const canEncode = (s: string) => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

const entries = Object.entries(surveyEndpoints) as [SurveyEndpointName, Endpoint][];

describe('bad input on every survey endpoint', () => {
  let h: Harness;
  let f: SurveyFixture;
  const snapshot = async () =>
    Object.fromEntries(
      await Promise.all(
        ['devices', 'projects', 'project_devices', 'points', 'notifications'].map(async (t) => [t, await h.db.query(`SELECT * FROM ${t} ORDER BY 1, 2`)]),
      ),
    );

  beforeAll(async () => {
    h = await startHarness();
    f = await surveyFixture(h, await h.verifiedUser('Fuzz'));
  });
  afterAll(() => h.close());

  const call = (e: Endpoint, params: Record<string, string>) => f.agent[e.method.toLowerCase() as 'post'](pathFor(e.path, params));

  for (const [name, endpoint] of entries.filter(([, e]) => e.body)) {
    it(`${endpoint.method} ${endpoint.path}: refused bodies answer 400 naming the field and change nothing`, async () => {
      const sample = SAMPLES[name](f);
      const before = await snapshot();
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(badBodies(sample.body!), async (bad) => {
          // a mutation the schema still accepts (an optional field dropped) is not a bad body
          if ('json' in bad && endpoint.body!.safeParse(bad.json).success) return;
          sent++;
          const res = await call(endpoint, sample.params)
            .set('Content-Type', 'application/json')
            .send('raw' in bad ? bad.raw : JSON.stringify(bad.json));
          expect(res.status, JSON.stringify(bad)).toBe(400);
          expect(res.body.success).toBe(false);
          // "Field: reason", "Unknown field: X", or the body as a whole ("body: ...", malformed JSON)
          expect(res.body.message, JSON.stringify(bad)).toMatch(/^([\w.]+: .+|Unknown fields?: .+|Malformed JSON body)$/);
        }),
        { numRuns: 300 },
      );
      expect(sent).toBeGreaterThan(100);
      expect(await snapshot()).toEqual(before);
    });
  }

  // text the schemas accept can still break a database (U+0000, lone surrogates, emoji): none may answer 500
  const oddText = fc.oneof(
    fc.string({ maxLength: 40, unit: 'binary' }),
    fc.constantFrom('a\u0000b', '\u0000', '\ud800', 'x\udfffy', '😀 section', "O'Brien; DROP TABLE points;--", '%00', '\\'),
  );
  for (const [name, endpoint] of entries) {
    it(`${endpoint.method} ${endpoint.path}: any text in any text field or path value never answers 500`, async () => {
      const sample = SAMPLES[name](f);
      const textFields = (['params', 'body'] as const).flatMap((w) =>
        Object.entries(sample[w] ?? {}).flatMap(([k, v]) => (typeof v === 'string' && k !== 'userId' ? [[w, k] as const] : [])),
      );
      if (!textFields.length) return;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...textFields), oddText, async ([w, k], value) => {
          // a URL cannot carry a lone surrogate at all (encodeURIComponent throws): bodies only
          if (w === 'params' && !canEncode(value)) return;
          const req = { params: { ...sample.params }, body: sample.body && { ...sample.body } };
          (req[w] as Record<string, unknown>)[k] = value;
          const sent = call(endpoint, req.params);
          const res = await (req.body ? sent.send(req.body) : sent);
          expect(res.status, `${w}.${k}=${JSON.stringify(value)}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
          expect(typeof res.body.success).toBe('boolean');
        }),
        { numRuns: 100 },
      );
    });
  }

  for (const [name, endpoint] of entries.filter(([, e]) => e.params && e.path.includes(':'))) {
    it(`${endpoint.method} ${endpoint.path}: refused path values answer 400 or 404, never 500, and change nothing`, async () => {
      const sample = SAMPLES[name](f);
      const keys = Object.keys(sample.params);
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...keys), fc.string({ minLength: 1, maxLength: 80, unit: 'binary' }), async (key, value) => {
          const params = { ...sample.params, [key]: value };
          if (endpoint.params!.safeParse(params).success) return;
          const req = call(endpoint, params);
          const res = await (sample.body ? req.send(sample.body) : req);
          expect([400, 404], `${key}=${JSON.stringify(value)}: ${JSON.stringify(res.body)}`).toContain(res.status);
          expect(res.body.success).toBe(false);
        }),
        { numRuns: 150 },
      );
      expect(await snapshot()).toEqual(before);
    });
  }
});
