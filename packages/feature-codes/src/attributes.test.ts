import { describe, expect, it } from 'vitest';
import { checkShotAttributes } from './attributes.js';
import { DEFAULT_CODE_LIST } from './default-list.js';
import { parseCodeString } from './parse.js';

const codesOf = (s: string) => {
  const r = parseCodeString(s, DEFAULT_CODE_LIST);
  if (!r.ok) throw new Error(r.error);
  return r.codes;
};

describe("a shot's attribute values", () => {
  it('are read as their types say, by code, with defaults filling what is missing', () => {
    const r = checkShotAttributes(codesOf('TREE'), { tree: { species: ' Quercus robur ', 'Trunk diameter (m)': '0.45', 'HEIGHT (M)': 12 } });
    expect(r).toEqual({ ok: true, values: { TREE: { Species: 'Quercus robur', 'Trunk diameter (m)': 0.45, 'Height (m)': 12, Protected: false } } });
    const mh = checkShotAttributes(codesOf('MH FE1'), { MH: { Material: 'cast IRON', 'Cover level (m)': -1.25 }, FE: { Type: 'timber' } });
    expect(mh).toEqual({
      ok: true,
      values: { MH: { Material: 'Cast iron', 'Cover level (m)': -1.25, 'Diameter (mm)': null }, FE: { Type: 'Timber', 'Height (m)': null } },
    });
    expect(checkShotAttributes(codesOf('TREE'), { TREE: { Protected: 'yes' } })).toMatchObject({ ok: true, values: { TREE: { Protected: true } } });
  });

  it('name every value that does not fit, and what the shot has no place for', () => {
    const r = checkShotAttributes(codesOf('MH TREE'), {
      MH: { Material: 'Wood', 'Diameter (mm)': 'wide', Colour: 'red' },
      TREE: { Protected: 'perhaps' },
      EP: { Note: 'x' },
    });
    expect(r).toEqual({
      ok: false,
      errors: [
        '"EP" is not a code of this shot',
        'MH: no attribute "Colour"',
        'MH: Material must be one of: Concrete, Brick, Plastic, Cast iron, Other',
        'MH: Diameter (mm) must be a number',
        'TREE: Protected must be yes or no',
      ],
    });
  });

  it('ask for a required attribute that has no default', () => {
    const list = { ...DEFAULT_CODE_LIST, codes: [{ ...DEFAULT_CODE_LIST.codes.find((c) => c.code === 'SIGN')!, attributes: [{ name: 'Text', type: 'text' as const, required: true, default: null, choices: [] }] }] };
    const r = parseCodeString('SIGN', list);
    expect(r.ok && checkShotAttributes(r.codes, {})).toEqual({ ok: false, errors: ['SIGN: Text is required'] });
    expect(r.ok && checkShotAttributes(r.codes, { SIGN: { Text: 'STOP' } })).toEqual({ ok: true, values: { SIGN: { Text: 'STOP' } } });
  });
});
