import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceCredentialEndpoints, deviceReply } from '@smi/contracts';
import { call } from '../../../lib/api-client';
import { deviceKeys } from './keys';

/** Activates (claims) the owner's device with the key its maker printed on it (decision 027). */
export const claimDevice = (deviceId: string, activationKey: string) =>
  call(deviceCredentialEndpoints.claimDevice, { params: { id: deviceId }, body: { activationKey }, reply: deviceReply, quiet: true });

export function useClaimDevice(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activationKey: string) => claimDevice(deviceId, activationKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
