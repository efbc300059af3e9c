import type { CodeAttribute, ShotAttributes } from '@smi/contracts';
import type { ParsedCode } from './parse.js';

type Value = string | number | boolean | null;
export type AttributeCheck = { ok: true; values: Record<string, Record<string, Value>> } | { ok: false; errors: string[] };

const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;
const YES = new Set(['yes', 'y', 'true']);
const NO = new Set(['no', 'n', 'false']);
const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** A value as its attribute's type reads it (forms send text: '1.2' is a number, 'yes' a yes), or why not. */
function read(a: CodeAttribute, raw: unknown): { value: Value } | { error: string } {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
    if (a.default !== null) return { value: a.default };
    return a.required ? { error: `${a.name} is required` } : { value: null };
  }
  if (a.type === 'number') {
    if (typeof raw === 'number' && Number.isFinite(raw)) return { value: raw };
    return typeof raw === 'string' && NUMBER_TEXT.test(raw) ? { value: Number(raw) } : { error: `${a.name} must be a number` };
  }
  if (a.type === 'yes-no') {
    if (typeof raw === 'boolean') return { value: raw };
    const word = String(raw).trim().toLowerCase();
    return YES.has(word) ? { value: true } : NO.has(word) ? { value: false } : { error: `${a.name} must be yes or no` };
  }
  if (typeof raw !== 'string' && typeof raw !== 'number') return { error: `${a.name} must be text` };
  if (a.type === 'text') return { value: String(raw).trim() };
  const choice = a.choices.find((c) => same(c, String(raw)));
  return choice ? { value: choice } : { error: `${a.name} must be one of: ${a.choices.join(', ')}` };
}

/**
 * Checks the attribute values given with a shot against its codes' attributes: required ones present (a default
 * fills a missing value), each of its type, no value for an attribute or code the shot does not have. Values come
 * back keyed by the list's spelling of the code and attribute, every attribute of every code present (null: none).
 * Parallel strings of one code (EP1 EP2) share that code's values.
 */
export function checkShotAttributes(codes: readonly ParsedCode[], given: ShotAttributes): AttributeCheck {
  const errors: string[] = [];
  const values: Record<string, Record<string, Value>> = {};
  for (const key of Object.keys(given)) {
    if (!codes.some((c) => same(c.code.code, key))) errors.push(`"${key}" is not a code of this shot`);
  }
  for (const { code } of codes) {
    if (values[code.code]) continue;
    const entry = Object.entries(given).find(([k]) => same(k, code.code))?.[1] ?? {};
    for (const name of Object.keys(entry)) {
      if (!code.attributes.some((a) => same(a.name, name))) errors.push(`${code.code}: no attribute "${name}"`);
    }
    values[code.code] = {};
    for (const a of code.attributes) {
      const raw = Object.entries(entry).find(([k]) => same(k, a.name))?.[1];
      const r = read(a, raw);
      if ('error' in r) errors.push(`${code.code}: ${r.error}`);
      else values[code.code]![a.name] = r.value;
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, values };
}
