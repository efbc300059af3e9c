import type { DeviceView, LiveReading } from '@smi/contracts';
import { deviceStatusText, type LatLon } from '../../lib/format';

/** A device as the screens show it: the stored row, overlaid with its newest live reading when there is one. */
export interface LiveDevice {
  device: DeviceView;
  battery: number | null;
  signal: number | null;
  /** online / offline / warning / other */
  status: string;
  position: LatLon | null;
  live: boolean;
}

const num = (v: number | 'N/A' | undefined): number | null => (typeof v === 'number' ? v : null);

export function mergeLive(device: DeviceView, readings: readonly LiveReading[] | undefined): LiveDevice {
  const last = readings?.at(-1);
  const lastFix = readings?.findLast((r) => typeof r.latitude === 'number' && typeof r.longitude === 'number');
  const stored =
    device.Last_Latitude !== null && device.Last_Longitude !== null ? { latitude: device.Last_Latitude, longitude: device.Last_Longitude } : null;
  return {
    device,
    battery: num(readings?.findLast((r) => typeof r.battery === 'number')?.battery) ?? device.Battery_Percentage,
    signal: num(readings?.findLast((r) => typeof r.signal === 'number')?.signal) ?? device.Signal_Strength,
    status: last?.status ?? deviceStatusText(device.Status).toLowerCase(),
    position: lastFix ? { latitude: lastFix.latitude as number, longitude: lastFix.longitude as number } : stored,
    live: !!lastFix,
  };
}
