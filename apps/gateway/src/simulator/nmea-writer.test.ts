import { describe, expect, it } from 'vitest';
import { parseNmeaPayload } from '../nmea/parse.js';
import { epochSentences, rtcm1005 } from '@smi/simulator';

describe('the simulator\'s NMEA', () => {
  it('reads back through the gateway\'s parser as the fix it describes', () => {
    const at = new Date(Date.UTC(2024, 2, 9, 23, 59, 58, 250));
    const parsed = parseNmeaPayload(
      epochSentences({ at, latitude: -33.856784, longitude: 151.215297, altitude: 12.5, geoidSeparation: 22.1, quality: 5, satellites: 21, hdop: 0.8, latError: 0.12, lonError: 0.09, altError: 0.2 }).join('\r\n'),
    );
    expect(parsed).toMatchObject({ used: 3, rejected: 0 });
    expect(parsed.update).toMatchObject({
      position: { latitude: expect.closeTo(-33.856784, 6), longitude: expect.closeTo(151.215297, 6) },
      fixType: 'rtk-float',
      satellites: 21,
      // GSA: the quality bar's PDOP (12 listed: GSA has room for no more)
      pdop: 1.36,
      satellitesUsed: 12,
      altitude: 12.5,
      accuracy: expect.closeTo(0.15, 3),
      verticalAccuracy: 0.2,
      dateMs: Date.UTC(2024, 2, 9),
      timeOfDayMs: (23 * 3600 + 59 * 60 + 58) * 1000 + 250,
    });
  });
});

describe('the simulator\'s RTCM', () => {
  it('is a framed message 1005 with a valid length and CRC-24Q', () => {
    const frame = rtcm1005(1, 6.615, 79.968074, 12);
    expect(frame[0]).toBe(0xd3);
    const length = ((frame[1]! & 0x03) << 8) | frame[2]!;
    expect(length).toBe(19);
    expect(frame.length).toBe(3 + length + 3);
    expect(((frame[3]! << 4) | (frame[4]! >> 4)) & 0xfff).toBe(1005);
    // a CRC over the whole frame including its own CRC is zero
    let crc = 0;
    for (const byte of frame) {
      crc ^= byte << 16;
      for (let i = 0; i < 8; i++) {
        crc <<= 1;
        if (crc & 0x1000000) crc ^= 0x1864cfb;
      }
    }
    expect(crc & 0xffffff).toBe(0);
  });
});
