/**
 * Prints the activation key of each device code given, for the maker's labels (or an operator setting up its own
 * receivers): `DEVICE_ACTIVATION_SECRET=... npm run activation-keys -- ROVER-1 BASE-1` -> "ROVER-1<TAB>key" lines.
 */
import { isMqttSafeDeviceCode } from '@smi/contracts';
import { deviceActivationKey } from './activation.js';

const makerKey = process.env.DEVICE_ACTIVATION_SECRET ?? '';
const codes = process.argv.slice(2);
if (makerKey.length < 32) {
  process.stderr.write('DEVICE_ACTIVATION_SECRET must be set (at least 32 characters)\n');
  process.exit(2);
}
if (!codes.length || codes.some((c) => !isMqttSafeDeviceCode(c))) {
  process.stderr.write('usage: activation-keys CODE [CODE...] (device codes: letters, digits, - _ .)\n');
  process.exit(2);
}
for (const code of codes) process.stdout.write(`${code}\t${deviceActivationKey(makerKey, code)}\n`);
