import { describe, expect, it } from 'vitest';
import { parseTargetRange } from './range.js';

const numbered = Array.from({ length: 25 }, (_, i) => String(i + 1));

describe('a target range', () => {
  it('expands "3-10,2,15-20" in the order written', () => {
    const r = parseTargetRange('3-10,2,15-20', numbered);
    expect(r.names).toEqual(['3', '4', '5', '6', '7', '8', '9', '10', '2', '15', '16', '17', '18', '19', '20']);
    expect(r.errors).toEqual([]);
  });

  it('takes ranges over names with a prefix, written either way, and runs down when asked', () => {
    const names = ['P1', 'P2', 'P3', 'P004', 'P5', 'CP1', 'CP2', 'CP-7'];
    expect(parseTargetRange('P3-P5', names).names).toEqual(['P3', 'P004', 'P5']);
    expect(parseTargetRange('P3-5', names).names).toEqual(['P3', 'P004', 'P5']);
    expect(parseTargetRange('P5-P3', names).names).toEqual(['P5', 'P004', 'P3']);
    // a name with a hyphen is a name, not a range
    expect(parseTargetRange(' CP-7 , CP1-2', names).names).toEqual(['CP-7', 'CP1', 'CP2']);
  });

  it('keeps each name once and says which numbers of a range are missing', () => {
    const r = parseTargetRange('1-3,2', ['1', '3']);
    expect(r.names).toEqual(['1', '3']);
    expect(r.warnings).toEqual(['"1-3": 2 is not a design point']);
    expect(parseTargetRange('P1-P4', ['P1', 'P4']).warnings).toEqual(['"P1-P4": P2, P3 are not design points']);
  });

  it('names every bad part', () => {
    const r = parseTargetRange('3-,x,P1-Q4,,40-50,-5', numbered);
    expect(r.names).toEqual([]);
    expect(r.errors).toEqual([
      '"3-" is not a range like 3-10 or P3-P10',
      '"x" is not a design point',
      '"P1-Q4" mixes the prefixes "P" and "Q"',
      'an empty entry between commas',
      'no design point in "40-50"',
      '"-5" is not a range like 3-10 or P3-P10',
    ]);
    expect(parseTargetRange('  ', numbered).errors).toEqual(['no target given']);
  });
});
