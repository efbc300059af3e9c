import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ntripUserEndpoints as e, userNtripSourceReply, type UserNtripSourceBody } from '@smi/contracts';
import { call } from '../../../lib/api-client';

const key = ['settings', 'ntrip-source'] as const;

/** Settings' NTRIP source (the password never comes back: only whether one is stored); re-read every 5 s for its state. */
export const userNtripSourceQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: () => call(e.getUserNtripSource, { reply: userNtripSourceReply, quiet: true }).then((r) => r.source),
    refetchInterval: 5000,
  });

export const useUserNtripSource = () => useQuery(userNtripSourceQuery());

export function useSaveUserNtripSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserNtripSourceBody) => call(e.putUserNtripSource, { body, reply: userNtripSourceReply, quiet: true }),
    onSuccess: (r) => client.setQueryData(key, r.source),
  });
}
