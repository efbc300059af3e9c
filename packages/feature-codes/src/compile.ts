import type { CodeList, ControlAction, FeatureCode } from '@smi/contracts';

/** A code list made ready for parsing many shots: codes and control codes by their upper-case spelling. */
export interface CompiledCodeList {
  readonly list: CodeList;
  readonly codes: ReadonlyMap<string, FeatureCode>;
  readonly controls: ReadonlyMap<string, ControlAction>;
  /** the join control code, upper case: a token that begins with it names the point to join ('JPNCP7') */
  readonly join: string;
}

const compiled = new WeakMap<CodeList, CompiledCodeList>();

/** Compiles a list that passed the contracts' `codeList` schema (its rules keep every token unambiguous). */
export function compileCodeList(list: CodeList | CompiledCodeList): CompiledCodeList {
  if ('controls' in list) return list;
  const known = compiled.get(list);
  if (known) return known;
  const codes = new Map(list.codes.map((c) => [c.code.toUpperCase(), c] as const));
  const controls = new Map(Object.entries(list.controlCodes).map(([action, word]) => [word.toUpperCase(), action as ControlAction] as const));
  const result: CompiledCodeList = { list, codes, controls, join: list.controlCodes.join.toUpperCase() };
  compiled.set(list, result);
  return result;
}
