import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTROL_CODES } from '@smi/contracts';
import { bodyOf, checkDraft, draftOf, emptyDraft, importFormatOf, newAttribute, newCode } from './draft';

const VIEW = {
  id: 'l1',
  name: 'Topo',
  controlCodes: DEFAULT_CONTROL_CODES,
  codes: [
    {
      code: 'FENCE',
      description: 'Fence',
      kind: 'line' as const,
      layer: 'FENCE',
      colour: '#B22222',
      threeD: false,
      attributes: [
        { name: 'Type', type: 'choice' as const, required: true, default: 'Timber', choices: ['Timber', 'Wire'] },
        { name: 'Height', type: 'number' as const, required: false, default: 1.2, choices: [] },
        { name: 'Gate', type: 'yes-no' as const, required: false, default: false, choices: [] },
      ],
    },
  ],
};

describe('the code list editor draft', () => {
  it('round-trips a list: choices one per line, defaults typed back', () => {
    const d = draftOf(VIEW);
    expect(d.codes[0]!.attributes.map((a) => [a.default, a.choices])).toEqual([['Timber', 'Timber\nWire'], ['1.2', ''], ['no', '']]);
    const body = bodyOf(d);
    expect(body.codes[0]!.attributes).toEqual(VIEW.codes[0]!.attributes);
    expect(checkDraft(d)).toEqual({ ok: true, body });
  });

  it('a copy has no id and says so in its name', () => {
    expect(draftOf(VIEW, true)).toMatchObject({ id: null, name: 'Topo (copy)' });
  });

  it('names every problem by code and attribute, with the contracts\' messages', () => {
    const d = emptyDraft();
    d.name = 'Mine';
    d.codes.push({ ...newCode(), code: 'EP', kind: 'line', layer: 'ROAD' }, { ...newCode(), code: 'EP1', layer: 'X' }, { ...newCode(), code: 'TR EE', layer: 'A/B' });
    d.codes[0]!.attributes.push({ ...newAttribute(), name: 'Material', type: 'number', default: 'asphalt' });
    const r = checkDraft(d);
    expect(r.ok).toBe(false);
    const problems = (r as { problems: string[] }).problems;
    expect(problems.some((p) => p.startsWith('Code 3 (TR EE) code: must not contain spaces'))).toBe(true);
    expect(problems.some((p) => p.startsWith('Code 3 (TR EE) layer:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('Code 1 (EP), attribute 1'))).toBe(true);
    expect(problems.some((p) => /EP1/.test(p))).toBe(true);
  });

  it('reads .json as JSON and anything else as Carlson CSV', () => {
    expect(importFormatOf('Crew.JSON')).toBe('json');
    expect(importFormatOf('topo.fcl.csv')).toBe('csv');
    expect(importFormatOf('list.txt')).toBe('csv');
  });
});
