import { queryOptions, useQuery } from '@tanstack/react-query';
import { baseSetupEndpoints, baseSetupView } from '@smi/contracts';
import { z } from 'zod';
import { call } from './api-client';

/** A project's base setups, every version (GET /api/projects/{id}/base-setups; decision 023). */
export const baseSetupsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['base-setups', projectId] as const,
    queryFn: () => call(baseSetupEndpoints.listBaseSetups, { params: { id: projectId }, reply: z.object({ setups: z.array(baseSetupView) }), quiet: true }).then((r) => r.setups),
  });

export const useBaseSetups = (projectId: string) => useQuery(baseSetupsQuery(projectId));
