export interface TargetRange {
  /** the design points to stake, in the order given */
  names: string[];
  /** parts that name nothing, or a range that is malformed */
  errors: string[];
  /** numbers inside a range that are not design points (skipped) */
  warnings: string[];
}

const NUMBERED = /^(.*?)(\d+)$/;
const RANGE = /^(.*?)(\d+)\s*-\s*(.*?)(\d+)$/;
const MAX_SPAN = 100_000;

/**
 * A target list like "3-10,2,15-20" or "P3-P10, CP1" against the design's point names: a name as it is, or a range
 * of numbered names with one prefix ("P3-10" and "P3-P10" are the same), in the order written (10-3 runs down).
 * A range takes the names that exist, by number ("P003" is 3); each name once, where it first appears.
 */
export function parseTargetRange(spec: string, names: readonly string[]): TargetRange {
  const exists = new Set(names);
  const byPrefix = new Map<string, Map<number, string[]>>();
  for (const name of names) {
    const m = NUMBERED.exec(name);
    if (!m) continue;
    const [, prefix, digits] = m as unknown as [string, string, string];
    const numbers = byPrefix.get(prefix) ?? new Map<number, string[]>();
    byPrefix.set(prefix, numbers);
    const n = Number(digits);
    numbers.set(n, [...(numbers.get(n) ?? []), name]);
  }
  const out: TargetRange = { names: [], errors: [], warnings: [] };
  const seen = new Set<string>();
  const add = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    out.names.push(name);
  };
  const parts = spec.split(',').map((p) => p.trim());
  if (parts.length === 1 && parts[0] === '') return { ...out, errors: ['no target given'] };
  for (const part of parts) {
    if (part === '') {
      out.errors.push('an empty entry between commas');
      continue;
    }
    if (exists.has(part)) {
      add(part);
      continue;
    }
    const r = RANGE.exec(part);
    if (!r) {
      out.errors.push(part.includes('-') ? `"${part}" is not a range like 3-10 or P3-P10` : `"${part}" is not a design point`);
      continue;
    }
    const [, prefix, fromText, prefix2, toText] = r as unknown as [string, string, string, string, string];
    if (prefix2 !== '' && prefix2 !== prefix) {
      out.errors.push(`"${part}" mixes the prefixes "${prefix}" and "${prefix2}"`);
      continue;
    }
    const from = Number(fromText);
    const to = Number(toText);
    if (Math.abs(to - from) > MAX_SPAN) {
      out.errors.push(`"${part}" spans more than ${MAX_SPAN} numbers`);
      continue;
    }
    const numbers = byPrefix.get(prefix);
    const step = to >= from ? 1 : -1;
    const missing: number[] = [];
    let found = 0;
    for (let k = from; step > 0 ? k <= to : k >= to; k += step) {
      const hit = numbers?.get(k);
      if (!hit) missing.push(k);
      else {
        found += hit.length;
        [...hit].sort().forEach(add);
      }
    }
    if (found === 0) out.errors.push(`no design point in "${part}"`);
    else if (missing.length > 0) out.warnings.push(`"${part}": ${summarise(missing, prefix)} ${missing.length === 1 ? 'is not a design point' : 'are not design points'}`);
  }
  return out;
}

function summarise(numbers: number[], prefix: string): string {
  const shown = numbers.slice(0, 10).map((n) => `${prefix}${n}`);
  return numbers.length > 10 ? `${shown.join(', ')} and ${numbers.length - 10} more` : shown.join(', ');
}
