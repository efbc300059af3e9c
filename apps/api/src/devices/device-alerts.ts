import { LIMITS, type DeviceAlertView } from '@smi/contracts';
import type { Queryable } from '@smi/db';
import { devicesRepository, toDeviceView, type DeviceRow } from '@smi/devices';

/** Why a connected device needs attention: offline, battery at or below 25 %, signal at or below 25 %. */
export function alertsOf(d: DeviceRow): DeviceAlertView['Alerts'] {
  const alerts: DeviceAlertView['Alerts'] = [];
  if (!d.online) alerts.push({ type: 'offline', message: 'Device is offline' });
  if (d.battery !== null && d.battery <= LIMITS.batteryLow) alerts.push({ type: 'low-battery', message: `Low battery (${d.battery}%)` });
  if (d.signal !== null && d.signal <= LIMITS.signalLow) alerts.push({ type: 'weak-signal', message: `Weak signal (${d.signal}%)` });
  return alerts;
}

export async function deviceAlerts(q: Queryable, ownerId: string) {
  const connected = await devicesRepository.list(q, ownerId, { connected: true });
  const devices = connected.flatMap((d) => {
    const Alerts = alertsOf(d);
    return Alerts.length ? [{ ...toDeviceView(d), Alerts, Details: Alerts.map((a) => a.message).join('; ') }] : [];
  });
  return { success: true as const, devices };
}
