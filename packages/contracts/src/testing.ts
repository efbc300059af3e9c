import { NA, type LiveReading } from './live.js';

/**
 * For tests only (`@smi/contracts/testing`): a complete LiveReading of a rover with an RTK fix, every field set as
 * the gateway sends it; `fields` replaces any of them.
 */
export function testReading(deviceCode: string, fields: Partial<LiveReading> = {}): LiveReading {
  return {
    deviceCode,
    deviceName: deviceCode,
    Name: deviceCode,
    deviceType: 'rover',
    action: 'position',
    status: 'online',
    timestamp: '2026-11-23T10:00:00.000Z',
    // a position reading: fixed when it was sent (`fields.timestamp` moves both unless fixTime is given)
    fixTime: fields.timestamp ?? '2026-11-23T10:00:00.000Z',
    latitude: 6.615,
    longitude: 79.968,
    altitude: NA,
    battery: 80,
    signal: 70,
    fixType: 'rtk-fixed',
    satellites: 12,
    hdop: 0.8,
    accuracy: 0.02,
    verticalAccuracy: NA,
    ...fields,
  };
}
