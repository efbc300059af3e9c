import { useMutation } from '@tanstack/react-query';
import { deviceCredentialEndpoints, deviceNtripPasswordReply, deviceSecretReply } from '@smi/contracts';
import { call } from '../../../lib/api-client';

/** Makes a new MQTT secret for the device; the answer is the only time it is ever shown. */
export const newDeviceSecret = (deviceId: string) =>
  call(deviceCredentialEndpoints.newDeviceSecret, { params: { id: deviceId }, reply: deviceSecretReply });

export const useNewDeviceSecret = (deviceId: string) => useMutation({ mutationFn: () => newDeviceSecret(deviceId) });

/** Makes a new NTRIP password for the device, apart from its MQTT secret; the answer is the only time it is shown. */
export const newDeviceNtripPassword = (deviceId: string) =>
  call(deviceCredentialEndpoints.newDeviceNtripPassword, { params: { id: deviceId }, reply: deviceNtripPasswordReply });

export const useNewDeviceNtripPassword = (deviceId: string) => useMutation({ mutationFn: () => newDeviceNtripPassword(deviceId) });
