import fc from 'fast-check';

/** Values of every JSON type, for putting where a field of another type belongs. */
const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

/**
 * Bodies that must be refused, built around a valid example: any JSON at all, the example with one field of the
 * wrong type or missing, with an unknown field, with a huge string, or a text that is not JSON.
 * Each is {json} (sent as JSON) or {raw} (sent as is with a JSON content type).
 */
export function badBodies(valid: Record<string, unknown>): fc.Arbitrary<{ json: unknown } | { raw: string }> {
  const keys = Object.keys(valid);
  const wrongType = fc
    .tuple(fc.constantFrom(...keys), anyJson)
    .filter(([k, v]) => typeof v !== typeof valid[k] || Array.isArray(v) !== Array.isArray(valid[k]))
    .map(([k, v]) => ({ json: { ...valid, [k]: v } }));
  const missing = fc.constantFrom(...keys).map((k) => {
    const copy: Record<string, unknown> = { ...valid };
    delete copy[k];
    return { json: copy };
  });
  const unknownField = fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((k) => !keys.includes(k) && k !== '__proto__')
    .map((k) => ({ json: { ...valid, [k]: 'x' } }));
  const hugeString = fc.constantFrom(...keys).map((k) => ({ json: { ...valid, [k]: 'x'.repeat(5000) } }));
  const notAnObject = fc.oneof(fc.array(anyJson, { maxLength: 3 }), fc.string(), fc.integer(), fc.constant(null)).map((json) => ({ json }));
  const anyObject = fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 4 }).map((json) => ({ json }));
  const notJson = fc
    .oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.constantFrom('{', '{"a":', '[1,', '{"x":1}}', "{'a':1}", 'nul'))
    .filter((s) => {
      try {
        JSON.parse(s);
        return false;
      } catch {
        return s.trim().length > 0;
      }
    })
    .map((raw) => ({ raw }));
  return fc.oneof(wrongType, missing, unknownField, hugeString, notAnObject, anyObject, notJson);
}
