import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ntripEndpoints as e, ntripSourceReply, okReply, sourcetableReply, type NtripSourceBody, type sourcetableBody } from '@smi/contracts';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';

const key = (projectId: string) => ['projects', projectId, 'ntrip-source'] as const;

/** A project's external caster (never its password), re-read every 5 s for the client's state. */
export const projectNtripSourceQuery = (projectId: string) =>
  queryOptions({
    queryKey: key(projectId),
    queryFn: () => call(e.getNtripSource, { params: { id: projectId }, reply: ntripSourceReply, quiet: true }).then((r) => r.source),
    refetchInterval: 5000,
  });

export const useProjectNtripSource = (projectId: string) => useQuery(projectNtripSourceQuery(projectId));

export function useSaveProjectNtripSource(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NtripSourceBody) => call(e.putNtripSource, { params: { id: projectId }, body, reply: ntripSourceReply, quiet: true }),
    onSuccess: (r) => client.setQueryData(key(projectId), r.source),
  });
}

export function useRemoveProjectNtripSource(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(e.deleteNtripSource, { params: { id: projectId }, reply: okReply }),
    onSuccess: () => client.setQueryData(key(projectId), null),
  });
}

/** An external caster's mountpoints (its sourcetable), to pick one from. */
export const fetchSourcetable = (body: z.input<typeof sourcetableBody>) =>
  call(e.ntripSourcetable, { body, reply: sourcetableReply, quiet: true }).then((r) => r.mountpoints);
