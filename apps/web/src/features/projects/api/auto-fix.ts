import { queryOptions, useQuery } from '@tanstack/react-query';
import { autoFixEndpoints as e, autoFixView, baseSetupView, recomputation } from '@smi/contracts';
import { z } from 'zod';
import { call } from '../../../lib/api-client';

const one = z.object({ success: z.literal(true), autoFix: autoFixView });

/** The project's latest Auto Fix (decision 023): polled each second while the gateway averages. */
export const autoFixQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', 'auto-fix', projectId] as const,
    queryFn: () => call(e.latestAutoFix, { params: { id: projectId }, reply: z.object({ autoFix: autoFixView.nullable() }), quiet: true }).then((r) => r.autoFix),
    refetchInterval: (q) => (q.state.data?.Status === 'running' ? 1000 : false),
  });
export const useAutoFix = (projectId: string) => useQuery(autoFixQuery(projectId));

export const startAutoFix = (projectId: string, durationS?: number) =>
  call(e.startAutoFix, { params: { id: projectId }, body: durationS === undefined ? {} : { DurationS: durationS }, reply: one, quiet: true }).then((r) => r.autoFix);

export const cancelAutoFix = (id: string) => call(e.cancelAutoFix, { params: { id }, reply: one, quiet: true }).then((r) => r.autoFix);

/** The average becomes the base's coordinates; `recomputed` when points of the setup in force moved with it. */
export const acceptAutoFix = (id: string) =>
  call(e.acceptAutoFix, {
    params: { id },
    reply: one.extend({ message: z.string(), setup: baseSetupView, recomputed: recomputation.nullable() }),
    quiet: true,
  });
