import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ntripCredentialCreatedReply, ntripCredentialsReply, ntripUserEndpoints as e, okReply, type NtripCredentialBody } from '@smi/contracts';
import { call } from '../../../lib/api-client';

const key = ['ntrip', 'credentials'] as const;

export const ntripCredentialsQuery = () =>
  queryOptions({ queryKey: key, queryFn: () => call(e.listNtripCredentials, { reply: ntripCredentialsReply, quiet: true }).then(({ caster, credentials }) => ({ caster, credentials })) });

export const useNtripCredentials = () => useQuery(ntripCredentialsQuery());

/** A new credential; its password is in this reply only. */
export function useCreateNtripCredential() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NtripCredentialBody) => call(e.createNtripCredential, { body, reply: ntripCredentialCreatedReply }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeNtripCredential() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(e.deleteNtripCredential, { params: { id }, reply: okReply }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
