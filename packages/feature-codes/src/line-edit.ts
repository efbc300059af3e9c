import { CONTROL_ACTIONS, type CodeList, type ControlAction, type LineEdit, type LineMoveEdit } from '@smi/contracts';
import { compileCodeList, type CompiledCodeList } from './compile.js';
import { parseCodeString, type ParsedCode } from './parse.js';

/**
 * What a surveyor does to a line at one of its points, without measuring again (LINE_EDITS):
 * - `start`: a new line of the code begins here (the shot before ends the old one);
 * - `break`: the line ends here (the next shot of the code begins a new one);
 * - `close`: the line ends here, closed back to its first point;
 * - `continue`: none of those: the line runs through here (undoes a start, break or close);
 * - `remove`: the point is taken out of the line: its code word (and that code's control codes and joins) goes.
 */

const FLOW: ControlAction[] = ['start', 'end', 'close'];
/** The edits that rewrite the point's code string (moving a point along its line is an order: line-order.ts). */
export type CodeLineEdit = Exclude<LineEdit, LineMoveEdit>;

const SETS: Record<Exclude<CodeLineEdit, 'remove'>, ControlAction | null> = { start: 'start', break: 'end', close: 'close', continue: null };

/** A parsed code written back: the code's own spelling and string number, its control codes in the list's words. */
function written(c: ParsedCode, list: CompiledCodeList): string {
  const words = [c.code.code + c.string, ...CONTROL_ACTIONS.filter((a) => a !== 'join' && c.actions.includes(a)).map((a) => list.list.controlCodes[a])];
  for (const name of c.joins) words.push(list.list.controlCodes.join, name);
  return words.join(' ');
}

/**
 * The shot's code string after `edit` on its line `line` (a code with its string number: 'EP1', 'FENCE'), read and
 * written with the list; every other code of the shot is kept. A string that does not read, a line the shot is not
 * on, or an edit that would not read (a point code has no lines) answers with one sentence.
 */
export function editLineOnShot(input: string, list: CodeList | CompiledCodeList, line: string, edit: CodeLineEdit): { ok: true; code: string } | { ok: false; error: string } {
  const c = compileCodeList(list);
  const parsed = parseCodeString(input, c);
  if (!parsed.ok) return parsed;
  const target = parseCodeString(line, c);
  const wanted = target.ok && target.codes.length === 1 && target.codes[0]!.actions.length === 0 && !target.codes[0]!.joins.length ? target.codes[0]! : null;
  if (!wanted) return { ok: false, error: `"${line}" is not a code of the list` };
  const key = (p: ParsedCode) => `${p.code.code}\u0000${p.string}`.toUpperCase();
  const at = parsed.codes.findIndex((p) => key(p) === key(wanted));
  if (at < 0) return { ok: false, error: `The point is not on ${wanted.code.code + wanted.string}` };
  const codes = parsed.codes.map((p) => ({ ...p, actions: [...p.actions], joins: [...p.joins] }));
  const label = wanted.code.code + wanted.string;
  if (edit === 'remove') codes.splice(at, 1);
  else {
    const p = codes[at]!;
    if (p.code.kind === 'point') return { ok: false, error: `${label} is a point code: it draws no line` };
    const set = SETS[edit];
    p.actions = p.actions.filter((a) => !FLOW.includes(a));
    if (set) p.actions.push(set);
    p.actions = CONTROL_ACTIONS.filter((a) => p.actions.includes(a));
  }
  const code = codes.map((p) => written(p, c)).join(' ');
  const check = parseCodeString(code, c);
  return check.ok ? { ok: true, code } : { ok: false, error: check.error };
}
