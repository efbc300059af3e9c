import { describe, expect, it } from 'vitest';
import { DEFAULT_CODE_LIST } from '@smi/feature-codes';
import { attributesBody, carriedCode, codesOf } from './code-fields';

const list = { ...DEFAULT_CODE_LIST, id: null, createdAt: null, updatedAt: null };

describe('the Record dialog code field', () => {
  it('finds the codes of a code string, string numbers and control codes aside', () => {
    expect(codesOf('ep1 st FE JPN CP7', list).map((c) => c.code)).toEqual(['EP', 'FE', 'CP']);
    expect(codesOf('NOPE', list)).toEqual([]);
  });

  it('keeps the codes for the next shot without this shot’s control codes or join target', () => {
    expect(carriedCode('FENCE ST', list)).toBe('FENCE');
    expect(carriedCode('KB1 PC', list)).toBe('KB1');
    expect(carriedCode('FE JPN CP7 EP2 END', list)).toBe('FE EP2');
    expect(carriedCode('FE JPNCP7', list)).toBe('FE');
    expect(carriedCode('BLD CLO', list)).toBe('BLD');
  });

  it('sends only the attribute values filled in, of the codes the string has', () => {
    const codes = codesOf('TREE', list);
    expect(attributesBody({ TREE: { Species: 'Oak', 'Height (m)': '' }, MH: { Material: 'Brick' } }, codes)).toEqual({ TREE: { Species: 'Oak' } });
  });
});
