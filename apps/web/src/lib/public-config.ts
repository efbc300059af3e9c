import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigEndpoints, publicConfigReply } from '@smi/contracts';
import { call } from './api-client';

/** The server's tile source and broker address (GET /api/config): fixed while the server runs. */
export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: () => call(publicConfigEndpoints.publicConfig, { reply: publicConfigReply, quiet: true }),
  staleTime: Infinity,
});

export const usePublicConfig = () => useQuery(publicConfigQuery);
