import { LIMITS } from '@smi/contracts';
import type { OfflineRow, StateTransitionRow } from '@smi/devices';

export interface DeviceNotification {
  userId: string;
  deviceId: string;
  type: 'device-online' | 'device-offline' | 'battery-low' | 'signal-low';
  text: string;
}

const label = (d: { name: string; code: string }) => (d.name && d.name !== d.code ? `${d.name} (${d.code})` : d.code);
const crossedDown = (before: number | null, after: number | null, limit: number) => after !== null && after <= limit && (before === null || before > limit);

/** The notifications one state write calls for: each only when the value crosses over, never per reading. */
export function notificationsForWrite(row: StateTransitionRow): DeviceNotification[] {
  if (!row.notificationsOn) return [];
  const base = { userId: row.ownerId, deviceId: row.id };
  const out: DeviceNotification[] = [];
  // the very first reading of a new device is not a "return"
  if (!row.wasOnline && row.seenBefore) out.push({ ...base, type: 'device-online', text: `${label(row)} is back online` });
  if (crossedDown(row.oldBattery, row.battery, LIMITS.batteryLow)) {
    out.push({ ...base, type: 'battery-low', text: `${label(row)} battery is low (${row.battery}%)` });
  }
  if (crossedDown(row.oldSignal, row.signal, LIMITS.signalLow)) {
    out.push({ ...base, type: 'signal-low', text: `${label(row)} signal is weak (${row.signal}%)` });
  }
  return out;
}

export function offlineNotification(row: OfflineRow, afterSeconds: number): DeviceNotification[] {
  if (!row.notificationsOn) return [];
  return [{ userId: row.ownerId, deviceId: row.id, type: 'device-offline', text: `${label(row)} is offline: no data for ${afterSeconds} s` }];
}
