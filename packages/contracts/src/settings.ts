import { z } from 'zod';
import { noNul } from './common.js';

/** The options of the Settings screen; a value outside them is refused. */
export const SETTINGS_OPTIONS = {
  distanceUnit: ['CM', 'FEET'],
  coordinatesUnit: ['DEGREES'],
  baseStationCoordinates: ['AUTO', 'MANUAL'],
  samplingInterval: ['1s', '2s', '5s'],
  rtkCorrectionSource: ['BASE', 'NTRIP'],
  mqttUrlType: ['Default', 'Custom'],
  accuracyCircles: ['Show', 'Hide'],
  provider: ['OpenStreetMap'],
  theme: ['Light', 'Dark'],
  notifications: ['ON', 'OFF'],
} as const;

const coordinate = (limit: number) => z.union([z.number().min(-limit).max(limit), z.null()]);

/** A custom broker must be an MQTT URL; an empty string clears it. */
export const mqttUrl = z
  .string()
  .trim()
  .max(500)
  .refine((u) => u === '' || (noNul(u) && /^(mqtts?|wss?|tcp|ssl):\/\/[^\s/]+/.test(u)), {
    message: 'must be an MQTT broker URL such as mqtt://host:1883',
  });

export const settingsGroups = {
  system: z.strictObject({
    distanceUnit: z.enum(SETTINGS_OPTIONS.distanceUnit),
    coordinatesUnit: z.enum(SETTINGS_OPTIONS.coordinatesUnit),
    baseStationCoordinates: z.enum(SETTINGS_OPTIONS.baseStationCoordinates),
    longitude: coordinate(180),
    latitude: coordinate(90),
  }),
  device: z.strictObject({
    samplingInterval: z.enum(SETTINGS_OPTIONS.samplingInterval),
    rtkCorrectionSource: z.enum(SETTINGS_OPTIONS.rtkCorrectionSource),
  }),
  network: z.strictObject({
    mqttUrlType: z.enum(SETTINGS_OPTIONS.mqttUrlType),
    customMqttUrl: mqttUrl,
  }),
  map: z.strictObject({
    accuracyCircles: z.enum(SETTINGS_OPTIONS.accuracyCircles),
    provider: z.enum(SETTINGS_OPTIONS.provider),
    theme: z.enum(SETTINGS_OPTIONS.theme),
  }),
  account: z.strictObject({
    notifications: z.enum(SETTINGS_OPTIONS.notifications),
  }),
};

export const userSettings = z.strictObject(settingsGroups);
export type UserSettings = z.infer<typeof userSettings>;

/** PUT /api/user/settings takes any subset: {group:{key:value}}. */
export const settingsPatch = z
  .strictObject({
    system: settingsGroups.system.partial().optional(),
    device: settingsGroups.device.partial().optional(),
    network: settingsGroups.network.partial().optional(),
    map: settingsGroups.map.partial().optional(),
    account: settingsGroups.account.partial().optional(),
  })
  .refine((p) => Object.keys(p).length > 0, { message: 'at least one settings group is required' });
export type SettingsPatch = z.infer<typeof settingsPatch>;

export const DEFAULT_SETTINGS: UserSettings = {
  system: { distanceUnit: 'CM', coordinatesUnit: 'DEGREES', baseStationCoordinates: 'AUTO', longitude: null, latitude: null },
  device: { samplingInterval: '1s', rtkCorrectionSource: 'BASE' },
  network: { mqttUrlType: 'Default', customMqttUrl: '' },
  map: { accuracyCircles: 'Show', provider: 'OpenStreetMap', theme: 'Light' },
  account: { notifications: 'ON' },
};

/** Merges a validated patch into stored settings, group by group. */
export function mergeSettings(current: UserSettings, patch: SettingsPatch): UserSettings {
  return {
    system: { ...current.system, ...patch.system },
    device: { ...current.device, ...patch.device },
    network: { ...current.network, ...patch.network },
    map: { ...current.map, ...patch.map },
    account: { ...current.account, ...patch.account },
  };
}

export const settingsReply = z.object({ success: z.literal(true), Data: userSettings });
