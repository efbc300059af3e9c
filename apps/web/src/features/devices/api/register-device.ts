import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceEndpoints, deviceReply, type RegisterDeviceBody } from '@smi/contracts';
import { call } from '../../../lib/api-client';
import { deviceKeys } from './keys';

export const registerDevice = (deviceId: string, body: RegisterDeviceBody) =>
  call(deviceEndpoints.registerDevice, { params: { deviceId: deviceId.trim() }, body, reply: deviceReply, quiet: true });

export function useRegisterDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, body }: { deviceId: string; body: RegisterDeviceBody }) => registerDevice(deviceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
