import { codeList } from '@smi/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODE_LIST } from './default-list.js';

describe('the code list a workspace starts with', () => {
  it('holds the common topographic codes with their kinds, and passes every rule of a list', () => {
    expect(codeList.safeParse(DEFAULT_CODE_LIST).success).toBe(true);
    const kinds = Object.fromEntries(DEFAULT_CODE_LIST.codes.map((c) => [c.code, c.kind]));
    expect(kinds).toMatchObject({ EP: 'line', CL: 'line', KB: 'line', TB: 'line', BB: 'line', FE: 'line', FENCE: 'line', WALL: 'line' });
    expect(kinds).toMatchObject({ BLD: 'polygon', TREE: 'point', MH: 'point', FH: 'point', PP: 'point', SH: 'point' });
    const attributes = (code: string) => DEFAULT_CODE_LIST.codes.find((c) => c.code === code)!.attributes.map((a) => `${a.name}:${a.type}`);
    expect(attributes('TREE')).toEqual(['Species:text', 'Trunk diameter (m):number', 'Height (m):number', 'Protected:yes-no']);
    expect(attributes('MH')).toEqual(['Material:choice', 'Cover level (m):number', 'Diameter (mm):number']);
  });
});
