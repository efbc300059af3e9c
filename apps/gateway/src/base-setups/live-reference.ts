import type { DeviceLive } from '../device-link/device-live.js';
import type { BaseRtcmSnapshot } from '../rtcm/base-state.js';
import type { BaseReference } from '@smi/base-setups';

/**
 * A base as this gateway knows it at this moment: the latest broadcast ARP of its RTCM stream and its latest NMEA
 * fix. Undefined when the gateway has heard neither (the base reaches another gateway: the database then says).
 */
export function baseReferenceNow(rtcm: BaseRtcmSnapshot | undefined, live: DeviceLive | undefined): BaseReference | undefined {
  const p = rtcm?.position;
  const fix = live && Number.isFinite(live.latitude) && Number.isFinite(live.longitude) ? live : undefined;
  if (!p && !fix) return undefined;
  return {
    broadcast: p ? [p.x, p.y, p.z] : null,
    broadcastAntennaHeight: p?.antennaHeight ?? null,
    live: fix
      ? {
          latitude: fix.latitude,
          longitude: fix.longitude,
          height: Number.isFinite(fix.altitude) ? fix.altitude + (Number.isFinite(fix.geoidSeparation) ? fix.geoidSeparation : 0) : null,
        }
      : null,
  };
}
