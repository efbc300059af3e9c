import type { Queryable } from '@smi/db';
import { AppError } from '../http/errors.js';
import { devicesRepository, toDeviceView } from '@smi/devices';

/**
 * The "Connected Devices" list of an account. Connecting and removing move a registered device in and out of that
 * list: the registration stays (decision 003); removing also revokes its secret (decision 036).
 */

/** exists: registered to this user (another account's device reads as not existing); isInUse: already connected. */
export async function checkDevice(q: Queryable, ownerId: string, code: string) {
  const row = await devicesRepository.ownedByCode(q, ownerId, code);
  return { success: true as const, exists: !!row, isInUse: !!row?.connected };
}

export async function connectDevice(q: Queryable, ownerId: string, code: string) {
  const device = await devicesRepository.ownedByCode(q, ownerId, code);
  if (!device) throw new AppError(404, 'Device not found');
  // the update only happens when not yet connected, so two quick connects cannot both succeed
  const updated = await devicesRepository.setConnected(q, ownerId, device.id, true);
  if (!updated) throw new AppError(409, 'This device is already connected to a project');
  return { success: true as const, message: 'Device connected successfully!', device: toDeviceView(updated) };
}

/**
 * deviceId is the device's _id (what the connected list shows) or its code. The device's secret goes with it and
 * `revoked` ends its open MQTT and NTRIP connections on every gateway (decision 036).
 */
export async function disconnectDevice(q: Queryable, ownerId: string, deviceId: string, revoked: (code: string) => void) {
  const device = await devicesRepository.ownedByRef(q, ownerId, deviceId);
  if (!device) throw new AppError(404, 'Device not found');
  const updated = await devicesRepository.remove(q, ownerId, device.id);
  if (!updated) throw new AppError(404, 'This device is not connected');
  revoked(updated.code);
  return { success: true as const, message: 'Device removed successfully!', device: toDeviceView(updated) };
}
