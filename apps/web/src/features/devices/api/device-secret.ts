import { useMutation } from '@tanstack/react-query';
import { deviceCredentialEndpoints, deviceSecretReply } from '@smi/contracts';
import { call } from '../../../lib/api-client';

/** Makes a new MQTT secret for the device; the answer is the only time it is ever shown. */
export const newDeviceSecret = (deviceId: string) =>
  call(deviceCredentialEndpoints.newDeviceSecret, { params: { id: deviceId }, reply: deviceSecretReply });

export const useNewDeviceSecret = (deviceId: string) => useMutation({ mutationFn: () => newDeviceSecret(deviceId) });
