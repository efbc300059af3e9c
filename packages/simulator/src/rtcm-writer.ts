import { geodeticToEcef } from '@smi/geodesy';
import { station1005or1006 } from '@smi/rtcm';

/**
 * An RTCM 3 message 1005 (stationary reference station position, the message every base sends) framed with
 * preamble, length and CRC-24Q, so what the simulator relays is what a real base would send. 1005 is ECEF: the
 * height is above the ellipsoid (a GGA's altitude plus its geoid separation), never the GGA's altitude alone.
 */
export function rtcm1005(stationId: number, latitude: number, longitude: number, ellipsoidalHeight: number): Buffer {
  const [x, y, z] = geodeticToEcef(latitude, longitude, ellipsoidalHeight);
  return station1005or1006({ stationId: stationId & 0xfff, x, y, z, gps: true, glonass: true, galileo: true });
}
