import { describe, expect, it } from 'vitest';
import { parsePairsCsv } from './calibration-pairs';

const POINTS = [
  { _id: 'a', Name: 'CP1' },
  { _id: 'b', Name: 'CP 2' },
];

describe('calibration pairs from a csv', () => {
  it('matches names to the project\'s points, skips the header, takes comma, semicolon or tab', () => {
    expect(parsePairsCsv('name,easting,northing,height\nCP1,691000.5,5334000.25,518.1\r\n\n"CP 2";691600;5334470\n', POINTS)).toEqual({
      rows: [
        { pointId: 'a', easting: '691000.5', northing: '5334000.25', height: '518.1' },
        { pointId: 'b', easting: '691600', northing: '5334470', height: '' },
      ],
      error: null,
    });
    expect(parsePairsCsv('CP1\t1\t2\t3\nCP 2\t4\t5\t6', POINTS).rows).toHaveLength(2);
  });

  it('names what is wrong: an unknown point, a value that is not a number, too few pairs', () => {
    expect(parsePairsCsv('CP1,1,2\nCP9,3,4\nCPX,5,6', POINTS).error).toBe('No point of the project is named “CP9”, “CPX”');
    expect(parsePairsCsv('CP1,1,2\nCP 2,3,north', POINTS).error).toBe('Line 2: the northing "north" is not a number');
    expect(parsePairsCsv('CP1,1,2', POINTS).error).toBe('The csv holds fewer than two pairs');
  });
});
