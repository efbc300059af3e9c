/**
 * Devices as the api and the gateway both know them: a device's MQTT secret (made, hashed, checked), its
 * activation key (decisions 027, 037), and the one repository of the `devices` table.
 */
export { newDeviceSecret, hashDeviceSecret, secretVerifier, type SecretVerifier } from './credentials.js';
export { deviceActivationKey, isActivationKey } from './activation.js';
export {
  devicesRepository,
  toDeviceView,
  DEVICE_COLUMNS,
  type DeviceRow,
  type DeviceRecord,
  type DeviceStateWrite,
  type StateTransitionRow,
  type OfflineRow,
} from './repository.js';
