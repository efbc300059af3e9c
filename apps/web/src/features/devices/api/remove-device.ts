import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceEndpoints, deviceReply } from '@smi/contracts';
import { call } from '../../../lib/api-client';
import { deviceKeys } from './keys';

/** Takes a device off the user's connected list (docs/decisions/003: its registration stays). */
export const removeDevice = (userId: string, deviceId: string) =>
  call(deviceEndpoints.removeDevice, { params: { userId }, body: { deviceId }, reply: deviceReply, quiet: true });

export function useRemoveDevice(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) => removeDevice(userId, deviceId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
