import { describe, expect, it } from 'vitest';
import { codeAttribute, codeList, describeIssues, featureCode, type CodeListInput } from './index.js';

const EP = { code: 'EP', kind: 'line', layer: 'ROAD', colour: '#f80' } as const;
const problems = (input: unknown, schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } } = codeList) => {
  const r = schema.safeParse(input) as ReturnType<typeof codeList.safeParse>;
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const list = (codes: unknown[], more: Partial<CodeListInput> = {}) => ({ name: 'L', codes, ...more });

describe('a code list as a surveyor expects it', () => {
  it('fills the defaults and normalises colours and kinds', () => {
    const c = featureCode.parse({ ...EP, kind: 'Line', colour: 'f80' });
    expect(c).toEqual({ code: 'EP', description: '', kind: 'line', layer: 'ROAD', colour: '#FF8800', threeD: true, attributes: [] });
    expect(codeList.parse(list([EP])).controlCodes).toEqual({ start: 'ST', end: 'END', close: 'CLO', arcStart: 'PC', arcEnd: 'PT', join: 'JPN' });
  });

  it('refuses a code with a space, a bad colour, a layer CAD refuses and an unknown kind', () => {
    expect(problems({ ...EP, code: 'E P' }, featureCode)).toEqual(['code: must not contain spaces (a space separates the codes of one shot)']);
    expect(problems({ ...EP, code: 'E,P' }, featureCode)).toEqual(['code: must be letters, digits or _ - . + # & only']);
    expect(problems({ ...EP, code: 'A'.repeat(20) }, featureCode)).toEqual(['code: must be at most 19 characters']);
    expect(problems({ ...EP, colour: 'orange' }, featureCode)).toEqual(['colour: must be a colour like #FF8800']);
    expect(problems({ ...EP, layer: 'ROAD/EDGE' }, featureCode)).toEqual(['layer: must not contain < > / \\ " : ; ? * | = , or `']);
    expect(problems({ ...EP, kind: 'area' }, featureCode)).toEqual(['kind: must be point, line or polygon']);
  });

  it('keeps codes unique case-insensitively and refuses a code that reads as another code and a string number', () => {
    expect(problems(list([EP, { ...EP, code: 'KB' }, { ...EP, code: 'ep' }]))).toEqual(['codes.2.code: EP is listed twice']);
    expect(problems(list([{ ...EP, code: 'EP12' }, EP]))).toEqual(['codes.0.code: EP12 would read as EP string 12: rename one of them']);
    const r = codeList.safeParse(list([EP, { ...EP, code: 'Ep' }]));
    expect(r.error?.issues[0]).toMatchObject({ params: { otherIndex: 0 } });
  });

  it('keeps control codes apart from each other and from the codes', () => {
    expect(problems(list([EP, { ...EP, code: 'st' }]))).toEqual(['codes.1.code: ST is also the start control code']);
    expect(problems(list([EP, { ...EP, code: 'JPNX' }]))).toEqual(['codes.1.code: JPNX begins with the join control code JPN: it would read as a join to point X']);
    const controls = { start: 'ST', end: 'ST', close: 'CLO', arcStart: 'JPC', arcEnd: 'PT2', join: 'J' };
    expect(problems(list([EP], { controlCodes: controls }))).toEqual([
      'controlCodes.arcEnd: must be letters or _ - . + # & * ! only (no digits)',
      'controlCodes.end: is also the start control code',
      'controlCodes.arcStart: begins with the join control code J, so it would read as a join',
    ]);
  });

  it('checks attributes: choices only for a choice, defaults of the right type, names unique', () => {
    const a = (x: object) => problems({ name: 'Girth', type: 'number', ...x }, codeAttribute);
    expect(a({ type: 'choice' })).toEqual(['choices: a choice attribute needs at least one choice']);
    expect(a({ choices: ['A'] })).toEqual(['choices: only a choice attribute has choices']);
    expect(a({ type: 'choice', choices: ['Brick', 'brick '] })).toEqual(['choices.1: "brick" is listed twice']);
    expect(a({ default: '1.2' })).toEqual(['default: must be a number for a number attribute']);
    expect(a({ type: 'yes-no', default: 'yes' })).toEqual(['default: must be true or false for a yes-no attribute']);
    expect(a({ type: 'text', default: 3 })).toEqual(['default: must be text for a text attribute']);
    expect(a({ type: 'choice', choices: ['Brick', 'Stone'], default: 'Wood' })).toEqual(['default: must be one of the choices: Brick, Stone']);
    expect(a({ type: 'date' })).toEqual(['type: must be text, number, choice or yes-no']);
    expect(codeAttribute.parse({ name: 'Material', type: 'Choice', choices: ['Brick'], default: 'Brick' })).toEqual({
      name: 'Material',
      type: 'choice',
      required: false,
      default: 'Brick',
      choices: ['Brick'],
    });
    const twice = { ...EP, attributes: [{ name: 'Height', type: 'number' }, { name: 'height ', type: 'text' }] };
    expect(problems(twice, featureCode)).toEqual(['attributes.1.name: "height" is listed twice']);
  });

  it('answers the API with one line naming the field', () => {
    const r = codeList.safeParse(list([{ ...EP, colour: 'nope' }]));
    expect(describeIssues(r.error!)).toBe('codes.0.colour: must be a colour like #FF8800');
  });
});
