import { CONTROL_ACTIONS, FEATURE_CODE_LIMITS, type CodeList, type ControlAction, type FeatureCode } from '@smi/contracts';
import { compileCodeList, type CompiledCodeList } from './compile.js';

/** One code of a shot with the control codes typed after it. */
export interface ParsedCode {
  code: FeatureCode;
  /** the string number that keeps parallel lines of one code apart: '' for none, '1' for EP1 and EP01 */
  string: string;
  /** start, end, close, arcStart, arcEnd, in that order (joins are listed apart) */
  actions: ControlAction[];
  /** names of the points this shot joins to */
  joins: string[];
}

export type ParsedCodeString = { ok: true; codes: ParsedCode[] } | { ok: false; error: string };

const EXCLUSIVE: [ControlAction, ControlAction][] = [
  ['start', 'end'],
  ['start', 'close'],
  ['end', 'close'],
];

interface Draft extends ParsedCode {
  label: string;
  typed: Map<ControlAction, string>;
}

/** 'EP1' -> EP string 1; the list's rules make at most one reading possible. */
function lookup(list: CompiledCodeList, upper: string): { code: FeatureCode; string: string } | null {
  const exact = list.codes.get(upper);
  if (exact) return { code: exact, string: '' };
  for (let end = upper.length - 1; end > 0 && upper.charCodeAt(end) >= 48 && upper.charCodeAt(end) <= 57; end--) {
    const code = list.codes.get(upper.slice(0, end));
    if (code) return { code, string: String(Number(upper.slice(end))) };
  }
  return null;
}

/**
 * Reads a shot's code string: codes separated by spaces, each followed by its control codes ('KB1 PC FE2 ST'),
 * a join naming its point after the join code, as the next word or attached ('FE JPN CP7', 'FE JPNCP7').
 * An empty string is an uncoded shot. Bad strings answer with one sentence saying what is wrong, never throw.
 */
export function parseCodeString(input: string, list: CodeList | CompiledCodeList): ParsedCodeString {
  const c = compileCodeList(list);
  if (input.length > FEATURE_CODE_LIMITS.codeString) return { ok: false, error: `The code is longer than ${FEATURE_CODE_LIMITS.codeString} characters` };
  const tokens = input.trim().split(/\s+/).filter(Boolean);
  const codes: Draft[] = [];
  const seen = new Set<string>();
  let current: Draft | undefined;
  const fail = (error: string): ParsedCodeString => ({ ok: false, error });
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t]!;
    const upper = token.toUpperCase();
    const action = c.controls.get(upper);
    const found = action ? null : lookup(c, upper);
    const joinTo = action || found || upper.length <= c.join.length || !upper.startsWith(c.join) ? null : token.slice(c.join.length);
    if (action || joinTo !== null) {
      if (!current) return fail(`"${token}" must follow a code`);
      if (action && action !== 'join') {
        if (current.typed.has(action)) return fail(`"${token}" is given twice for ${current.label}`);
        current.typed.set(action, token);
        continue;
      }
      const name = joinTo ?? tokens[++t];
      if (name === undefined) return fail(`"${token}" needs the name of the point to join after it`);
      if (current.joins.includes(name)) return fail(`${current.label} joins "${name}" twice`);
      current.joins.push(name);
      continue;
    }
    if (!found) return fail(`Unknown code "${token}"`);
    const label = found.code.code + found.string;
    if (seen.has(label.toUpperCase())) return fail(`${label} is given twice`);
    seen.add(label.toUpperCase());
    current = { ...found, label, actions: [], joins: [], typed: new Map() };
    codes.push(current);
  }
  for (const d of codes) {
    const firstControl = d.typed.values().next().value ?? (d.joins.length ? c.list.controlCodes.join : undefined);
    if (d.code.kind === 'point' && firstControl) return fail(`${d.label} is a point code: "${firstControl}" is for lines and polygons`);
    for (const [a, b] of EXCLUSIVE) {
      if (d.typed.has(a) && d.typed.has(b)) return fail(`${d.label}: "${d.typed.get(a)}" and "${d.typed.get(b)}" cannot go together`);
    }
    d.actions = CONTROL_ACTIONS.filter((a) => d.typed.has(a));
  }
  return { ok: true, codes: codes.map(({ code, string, actions, joins }) => ({ code, string, actions, joins })) };
}
