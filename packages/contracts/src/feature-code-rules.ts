import type { z } from 'zod';

/**
 * The rules a surveyor expects of a code list, beyond each field's own: the checks that look at several fields.
 * zod runs them even when a field already failed, so every value is looked at defensively.
 */
type Ctx = z.RefinementCtx;
const ACTION_WORDS: Record<string, string> = { start: 'start', end: 'end', close: 'close', arcStart: 'arc start', arcEnd: 'arc end', join: 'join' };
const upper = (s: unknown) => (typeof s === 'string' ? s.trim().toUpperCase() : '');

interface AttributeShape {
  type?: unknown;
  default?: unknown;
  choices?: unknown;
}

export function checkAttribute(a: AttributeShape, ctx: Ctx): void {
  const choices = Array.isArray(a.choices) ? a.choices.filter((c): c is string => typeof c === 'string') : [];
  if (a.type === 'choice' && choices.length === 0) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'a choice attribute needs at least one choice' });
  if (a.type !== 'choice' && choices.length > 0) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'only a choice attribute has choices' });
  const seen = new Set<string>();
  choices.forEach((c, j) => {
    if (seen.has(upper(c))) ctx.addIssue({ code: 'custom', path: ['choices', j], message: `"${c.trim()}" is listed twice` });
    seen.add(upper(c));
  });
  const d = a.default;
  if (d === null || d === undefined) return;
  const wrong = (message: string) => ctx.addIssue({ code: 'custom', path: ['default'], message });
  if (a.type === 'text' && typeof d !== 'string') wrong('must be text for a text attribute');
  if (a.type === 'number' && typeof d !== 'number') wrong('must be a number for a number attribute');
  if (a.type === 'yes-no' && typeof d !== 'boolean') wrong('must be true or false for a yes-no attribute');
  if (a.type === 'choice' && (typeof d !== 'string' || !choices.some((c) => c.trim() === d.trim()))) wrong(`must be one of the choices: ${choices.join(', ')}`);
}

export function checkFeatureCode(c: { attributes?: unknown }, ctx: Ctx): void {
  const attributes = Array.isArray(c.attributes) ? (c.attributes as { name?: unknown }[]) : [];
  const seen = new Set<string>();
  attributes.forEach((a, j) => {
    const name = upper(a?.name);
    if (name && seen.has(name)) ctx.addIssue({ code: 'custom', path: ['attributes', j, 'name'], message: `"${String(a.name).trim()}" is listed twice` });
    seen.add(name);
  });
}

export function checkControlCodes(cc: Record<string, unknown>, ctx: Ctx): void {
  const join = upper(cc.join);
  const seen = new Map<string, string>();
  for (const [action, value] of Object.entries(cc)) {
    const word = upper(value);
    if (!word) continue;
    const other = seen.get(word);
    if (other) ctx.addIssue({ code: 'custom', path: [action], message: `is also the ${ACTION_WORDS[other]} control code` });
    else if (action !== 'join' && join && word.startsWith(join)) {
      ctx.addIssue({ code: 'custom', path: [action], message: `begins with the join control code ${join}, so it would read as a join` });
    }
    seen.set(word, action);
  }
}

/**
 * Codes are unique case-insensitively; none is another code followed by digits (EP1 would read as string 1 of EP);
 * none is a control code or begins with the join control code (JPNX would read as a join to point X). A problem
 * names the code at fault (the later or the longer); params.otherIndex the one it collides with, so an import can name both lines.
 */
export function checkCodeList(list: { codes?: unknown; controlCodes?: unknown }, ctx: Ctx): void {
  const codes = Array.isArray(list.codes) ? (list.codes as { code?: unknown }[]).map((c) => upper(c?.code)) : [];
  const controls = (list.controlCodes ?? {}) as Record<string, unknown>;
  const join = upper(controls.join);
  const index = new Map<string, number>();
  const problem = (i: number, message: string, otherIndex?: number) =>
    ctx.addIssue({ code: 'custom', path: ['codes', i, 'code'], message, ...(otherIndex === undefined ? {} : { params: { otherIndex } }) });
  codes.forEach((code, i) => {
    if (!code) return;
    const first = index.get(code);
    if (first !== undefined) return problem(i, `${code} is listed twice`, first);
    index.set(code, i);
  });
  codes.forEach((code, i) => {
    if (!code || index.get(code) !== i) return;
    for (let end = code.length - 1; end > 0 && /\d/.test(code[end]!); end--) {
      const base = index.get(code.slice(0, end));
      if (base !== undefined) return problem(i, `${code} would read as ${code.slice(0, end)} string ${code.slice(end)}: rename one of them`, base);
    }
    for (const [action, value] of Object.entries(controls)) {
      if (upper(value) === code) return problem(i, `${code} is also the ${ACTION_WORDS[action] ?? action} control code`);
    }
    if (join && code.startsWith(join)) problem(i, `${code} begins with the join control code ${join}: it would read as a join to point ${code.slice(join.length)}`);
  });
}
