import { describe, expect, it } from 'vitest';
import { FOOT_METRES, FOOT_NAME, formatLength } from './distance';

describe('distances in the chosen unit', () => {
  it('CM shows centimetres under a metre, whole metres under 1000 m and kilometres beyond', () => {
    expect(formatLength(0.023, 'CM')).toBe('2.3 cm');
    expect(formatLength(12.4, 'CM')).toBe('12 m');
    expect(formatLength(999.4, 'CM')).toBe('999 m');
    expect(formatLength(1234, 'CM')).toBe('1.23 km');
  });
  it('FEET keeps significant digits: 0.001 ft below 0.1 ft, 0.01 ft below 1000 ft, then whole feet, then miles', () => {
    // a 0.9 cm estimate used to read '0.0 ft'
    expect(formatLength(0.009, 'FEET')).toBe('0.030 ft');
    expect(formatLength(0.0254, 'FEET')).toBe('0.083 ft');
    expect(formatLength(0.038, 'FEET')).toBe('0.12 ft');
    expect(formatLength(0.3048, 'FEET')).toBe('1.00 ft');
    expect(formatLength(100, 'FEET')).toBe('328.08 ft');
    expect(formatLength(400, 'FEET')).toBe('1312 ft');
    expect(formatLength(1609.344 * 2, 'FEET')).toBe('2.00 mi');
  });
  it('says N/A for a length that is not a number', () => {
    expect(formatLength(Number.NaN, 'CM')).toBe('N/A');
  });
});

describe('which foot', () => {
  it('is the international foot, named so wherever feet are offered', () => {
    expect(FOOT_METRES).toBe(0.3048);
    expect(FOOT_NAME).toContain('international foot (0.3048 m), not US survey foot');
  });
});
