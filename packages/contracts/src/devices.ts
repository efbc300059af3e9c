import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';
import { caseless, isoDate, requiredText } from './survey-fields.js';

export const DEVICE_TYPES = ['rover', 'base'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const DEVICE_CODE_MAX = 64;

/**
 * A device code is its MQTT username and part of its topics (devices/{code}/...), so it may hold only letters,
 * digits, '-', '_' and '.': never the MQTT wildcards + and #, nor the level separator /.
 */
export const deviceCode = (required = 'Device ID is required') =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(DEVICE_CODE_MAX, { message: `Device ID must be at most ${DEVICE_CODE_MAX} characters` })
    .regex(/^[A-Za-z0-9._-]+$/, { message: 'Device ID may contain only letters, digits, -, _ and .' });

/**
 * Names the NTRIP caster keeps for itself, never given to a new device: a project's mountpoint (`P-` and hex
 * digits) and an NTRIP credential's user name (`ntrip-...`), in any case. Devices registered before keep working:
 * the caster tells streams apart by key, not by name (decision 035).
 */
export const isReservedDeviceCode = (code: string) => /^p-[0-9a-f]+$/i.test(code) || /^ntrip-/i.test(code);

/** The code of a new registration: a device code that is not one of the caster's reserved names. */
export const newDeviceCode = deviceCode().refine((code) => !isReservedDeviceCode(code), {
  message: 'Device ID may not start with P- followed by hex digits, or with ntrip-: the NTRIP caster uses those names',
});

/** A path naming a device by its _id or by its code (the device screens link either way); both fit the code alphabet. */
export const deviceRef = deviceCode();

export const deviceType = caseless(DEVICE_TYPES, 'Type must be rover or base');

export const registerDeviceParams = z.strictObject({ deviceId: newDeviceCode });
export const registerDeviceBody = z.strictObject({
  Name: requiredText(100, 'Device name is required'),
  Type: deviceType.default('rover'),
  /** The web client sends the signed-in user's id; absent means the same. */
  Registered_User_Id: id.optional(),
  /**
   * The activation key printed on the device (decision 037): where the server has a maker key, the right one claims
   * the device at once for this user. Empty means none; ignored where the server has no maker key.
   */
  ActivationKey: z.string({ error: 'ActivationKey must be text' }).trim().max(200, 'Wrong activation key').optional(),
});
export type RegisterDeviceBody = z.infer<typeof registerDeviceBody>;

export const addDeviceBody = z.strictObject({ DeviceCode: deviceCode('Please enter a device ID') });
export const removeDeviceBody = z.strictObject({ deviceId: deviceRef });

/** A device as every device call answers it (the original field names). Status true means Online. */
export const deviceView = z.object({
  _id: z.string(),
  Name: z.string(),
  DeviceCode: z.string(),
  Type: z.enum(DEVICE_TYPES),
  Battery_Percentage: z.number().nullable(),
  Signal_Strength: z.number().nullable(),
  Status: z.boolean(),
  Registered_Date: isoDate,
  Last_Update: isoDate.nullable(),
  Registered_User_Id: z.string(),
  /** In the owner's Connected Devices list. */
  Connected: z.boolean(),
  /**
   * Its holder proved possession with the device's activation key (decision 027). Always true where the server
   * has no maker key (DEVICE_ACTIVATION_SECRET); false: no MQTT secret and no login until it is activated.
   */
  Claimed: z.boolean(),
  Last_Latitude: z.number().nullable(),
  Last_Longitude: z.number().nullable(),
  Last_Altitude: z.number().nullable(),
  Last_Fix: z.string().nullable(),
  Last_Satellites: z.number().nullable(),
  Last_Hdop: z.number().nullable(),
  Last_Accuracy: z.number().nullable(),
});
export type DeviceView = z.infer<typeof deviceView>;

export const DEVICE_ALERT_TYPES = ['offline', 'low-battery', 'weak-signal'] as const;
export const deviceAlertView = deviceView.extend({
  Alerts: z.array(z.object({ type: z.enum(DEVICE_ALERT_TYPES), message: z.string() })),
  /** The reasons in one line, for the Details column. */
  Details: z.string(),
});
export type DeviceAlertView = z.infer<typeof deviceAlertView>;

export const deviceCheckReply = z.object({ success: z.literal(true), exists: z.boolean(), isInUse: z.boolean() });
export const deviceReply = z.object({ success: z.literal(true), message: z.string().optional(), device: deviceView });
export const connectedDevicesReply = z.object({ success: z.literal(true), connectedDevices: z.array(deviceView) });
export const registeredDevicesReply = z.object({ success: z.literal(true), devices: z.array(deviceView) });
export const deviceAlertsReply = z.object({ success: z.literal(true), devices: z.array(deviceAlertView) });

const userParams = z.strictObject({ userId: id });

export const deviceEndpoints = {
  registerDevice: endpoint({
    method: 'POST',
    path: '/api/devices/:deviceId',
    access: 'verified', permission: 'manage',
    params: registerDeviceParams,
    body: registerDeviceBody,
  }),
  getDevice: endpoint({ method: 'GET', path: '/api/devices/:id', access: 'verified', permission: 'read', params: z.strictObject({ id: deviceRef }) }),
  checkDevice: endpoint({
    method: 'GET',
    path: '/api/devices/:deviceCode/check',
    access: 'verified', permission: 'manage',
    params: z.strictObject({ deviceCode: deviceCode() }),
  }),
  addDevice: endpoint({ method: 'POST', path: '/api/user/:userId/add-device', access: 'verified', permission: 'record', params: userParams, body: addDeviceBody }),
  removeDevice: endpoint({
    method: 'DELETE',
    path: '/api/user/:userId/remove-device',
    access: 'verified', permission: 'record',
    params: userParams,
    body: removeDeviceBody,
  }),
  connectedDevices: endpoint({ method: 'GET', path: '/api/user/:userId/devices', access: 'verified', permission: 'read', params: userParams }),
  registeredDevices: endpoint({ method: 'GET', path: '/api/user/:userId/registereddevices', access: 'verified', permission: 'read', params: userParams }),
  deviceAlerts: endpoint({ method: 'GET', path: '/api/user/:userId/device-alerts', access: 'verified', permission: 'read', params: userParams }),
  baseStations: endpoint({ method: 'GET', path: '/api/user/:userId/devices/base-stations', access: 'verified', permission: 'read', params: userParams }),
  clientDevices: endpoint({ method: 'GET', path: '/api/user/:userId/devices/client-devices', access: 'verified', permission: 'read', params: userParams }),
};
