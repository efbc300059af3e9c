import { describe, expect, it } from 'vitest';
import { withChecksum } from '@smi/rtcm';
import { decodeSentence } from './parse.js';

// Real receiver output: the NovAtel OEM manual's GPGST example (an RTK position, errors of 2-3 cm).
const NOVATEL = '$GPGST,172814.0,0.006,0.023,0.020,273.6,0.023,0.020,0.031*6A';

describe('GST', () => {
  it('gives the horizontal accuracy as the root sum of squares of the latitude and longitude errors', () => {
    const update = decodeSentence(NOVATEL);
    expect(update).toEqual({
      accuracy: expect.closeTo(Math.hypot(0.023, 0.02), 9),
      verticalAccuracy: 0.031,
      sigmaNorth: 0.023,
      sigmaEast: 0.02,
      gstTimeOfDayMs: (17 * 3600 + 28 * 60 + 14) * 1000,
    });
  });

  it('gives no accuracy when the error fields are empty', () => {
    expect(decodeSentence(withChecksum('GPGST,172814.0,,,,,,,'))).toEqual({ gstTimeOfDayMs: (17 * 3600 + 28 * 60 + 14) * 1000 });
  });

  it('rejects a GST with a bad checksum', () => {
    expect(decodeSentence(NOVATEL.replace('*6A', '*00'))).toBe('rejected');
  });
});
