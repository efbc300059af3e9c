import { describe, expect, it } from 'vitest';
import { fixTime } from './fix-time.js';
import { parseNmeaPayload } from './parse.js';

const GGA = '$GPGGA,202530.00,5109.0262,N,11401.8407,W,5,40,0.5,1097.36,M,-17.00,M,18,TSTR*61';
const GST = '$GPGST,172814.0,0.006,0.023,0.020,273.6,0.023,0.020,0.031*6A';
const GSV = '$GPGSV,3,1,11,03,03,111,00,04,15,270,00,06,01,010,00,13,06,292,00*74';

describe('an NMEA payload', () => {
  it('merges several sentences of one epoch into one update', () => {
    const parsed = parseNmeaPayload(`${GGA}\r\n${GST}\r\n`);
    expect(parsed).toMatchObject({ used: 2, rejected: 0, ignored: 0 });
    expect(parsed.update).toMatchObject({ fixType: 'rtk-float', satellites: 40, accuracy: expect.closeTo(0.0305, 3) });
  });

  it('splits sentences sent back to back without line breaks', () => {
    expect(parseNmeaPayload(GGA + GST)).toMatchObject({ used: 2 });
  });

  it('ignores sentence types it does not use and counts bad ones', () => {
    const parsed = parseNmeaPayload([GSV, 'garbage', '$GPGGA,1,2,3*00', GGA.replace('*61', '*62'), GST].join('\n'));
    expect(parsed).toMatchObject({ used: 1, rejected: 3, ignored: 1 });
    expect(parsed.update).not.toHaveProperty('position');
  });

  it('finds nothing in binary garbage', () => {
    expect(parseNmeaPayload(Buffer.from([0xd3, 0x00, 0x13, 0x3e, 0xd7, 0xd3, 0x02]).toString('latin1'))).toMatchObject({ used: 0, rejected: 1 });
  });
});

describe('the time of a fix', () => {
  const receivedAt = Date.UTC(2024, 5, 1, 0, 0, 2);
  it('takes the date from RMC when there is one', () => {
    expect(fixTime(receivedAt, 3_600_000, Date.UTC(2024, 4, 31))).toBe(Date.UTC(2024, 4, 31, 1));
  });
  it('puts a time of day just before midnight on the previous day', () => {
    expect(fixTime(receivedAt, 86_399_000)).toBe(Date.UTC(2024, 4, 31, 23, 59, 59));
  });
  it('uses the receive time when the device sends no time', () => {
    expect(fixTime(receivedAt)).toBe(receivedAt);
  });
});
