/**
 * Devices as the api and the gateway both know them: a device's MQTT secret (made, hashed, checked) and its
 * activation key (decisions 027, 037).
 */
export { newDeviceSecret, hashDeviceSecret, secretVerifier, type SecretVerifier } from './credentials.js';
export { deviceActivationKey, isActivationKey } from './activation.js';
