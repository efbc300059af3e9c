import { describe, expect, it } from 'vitest';
import { formatLength } from './distance';

describe('distances in the chosen unit', () => {
  it('CM shows centimetres under a metre, whole metres under 1000 m and kilometres beyond', () => {
    expect(formatLength(0.023, 'CM')).toBe('2.3 cm');
    expect(formatLength(12.4, 'CM')).toBe('12 m');
    expect(formatLength(999.4, 'CM')).toBe('999 m');
    expect(formatLength(1234, 'CM')).toBe('1.23 km');
  });
  it('FEET shows feet, then whole feet, then miles', () => {
    expect(formatLength(0.3048, 'FEET')).toBe('1.0 ft');
    expect(formatLength(100, 'FEET')).toBe('328 ft');
    expect(formatLength(1609.344 * 2, 'FEET')).toBe('2.00 mi');
  });
  it('says N/A for a length that is not a number', () => {
    expect(formatLength(Number.NaN, 'CM')).toBe('N/A');
  });
});
