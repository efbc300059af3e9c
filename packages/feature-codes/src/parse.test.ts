import { codeList } from '@smi/contracts';
import { describe, expect, it } from 'vitest';
import { parseCodeString } from './parse.js';
import { LIST } from './testing/fixtures.js';

const read = (s: string) => {
  const r = parseCodeString(s, LIST);
  return r.ok ? r.codes.map((c) => ({ code: c.code.code, string: c.string, actions: c.actions, joins: c.joins })) : r.error;
};

describe('reading a shot code string', () => {
  it('reads codes, string numbers and the control codes after each code, in any case', () => {
    expect(read('EP1')).toEqual([{ code: 'EP', string: '1', actions: [], joins: [] }]);
    expect(read('  kb2 pt pc   fe st ')).toEqual([
      { code: 'KB', string: '2', actions: ['arcStart', 'arcEnd'], joins: [] },
      { code: 'FE', string: '', actions: ['start'], joins: [] },
    ]);
    expect(read('BLD CLO')).toEqual([{ code: 'BLD', string: '', actions: ['close'], joins: [] }]);
    expect(read('EP007 END')).toEqual([{ code: 'EP', string: '7', actions: ['end'], joins: [] }]);
  });

  it('reads a join with the point name after the join code or attached to it, keeping the name as typed', () => {
    expect(read('FE JPN cp-7 JPNBM2')).toEqual([{ code: 'FE', string: '', actions: [], joins: ['cp-7', 'BM2'] }]);
    expect(read('FE JPN EP')).toEqual([{ code: 'FE', string: '', actions: [], joins: ['EP'] }]);
  });

  it('reads an empty string as an uncoded shot and a point code on its own', () => {
    expect(read('')).toEqual([]);
    expect(read('   ')).toEqual([]);
    expect(read('TREE')).toEqual([{ code: 'TREE', string: '', actions: [], joins: [] }]);
  });

  it('answers a bad string with what is wrong', () => {
    expect(read('XX')).toBe('Unknown code "XX"');
    expect(read('EP X1')).toBe('Unknown code "X1"');
    expect(read('ST EP')).toBe('"ST" must follow a code');
    expect(read('JPN7')).toBe('"JPN7" must follow a code');
    expect(read('EP ST ST')).toBe('"ST" is given twice for EP');
    expect(read('EP1 ST END')).toBe('EP1: "ST" and "END" cannot go together');
    expect(read('BLD END CLO')).toBe('BLD: "END" and "CLO" cannot go together');
    expect(read('FE JPN')).toBe('"JPN" needs the name of the point to join after it');
    expect(read('FE JPN A JPNA')).toBe('FE joins "A" twice');
    expect(read('EP1 KB EP01')).toBe('EP1 is given twice');
    expect(read('TREE ST')).toBe('TREE is a point code: "ST" is for lines and polygons');
    expect(read('TREE JPN CP1')).toBe('TREE is a point code: "JPN" is for lines and polygons');
    expect(read('EP '.repeat(70))).toBe('The code is longer than 200 characters');
  });

  it('follows the control codes a list is configured with', () => {
    const civil = codeList.parse({ ...LIST, controlCodes: { start: 'B', end: 'E', close: 'CLS', arcStart: 'BC', arcEnd: 'EC', join: '-J' } });
    const r = parseCodeString('EP1 B BC -J 1234', civil);
    expect(r.ok && r.codes.map((c) => [c.actions, c.joins])).toEqual([[['start', 'arcStart'], ['1234']]]);
    expect(parseCodeString('EP ST', civil)).toEqual({ ok: false, error: 'Unknown code "ST"' });
  });

  it('reads a code that ends in digits as itself, and digits past it as its string number', () => {
    const list = codeList.parse({ name: 'n', codes: [{ code: 'P1', kind: 'line', layer: 'P', colour: '#000' }] });
    const r = parseCodeString('P1 P12', list);
    expect(r.ok && r.codes.map((c) => c.code.code + '/' + c.string)).toEqual(['P1/', 'P1/2']);
  });
});
