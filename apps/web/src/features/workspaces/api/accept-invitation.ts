import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceEndpoints, workspaceReply } from '@smi/contracts';
import { call } from '../../../lib/api-client';

/** Joins the workspace an invitation's link names; the server makes it the user's current workspace. */
export const acceptInvitation = (token: string) => call(workspaceEndpoints.acceptInvitation, { body: { token }, reply: workspaceReply, quiet: true });

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    // every list on screen belonged to the workspace the user was in: all of it is read again in the new one
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
