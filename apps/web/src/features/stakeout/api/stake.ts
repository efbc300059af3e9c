import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { designEndpoints, designReply, stakeEndpoints, stakeGuidanceReply, stakeRecordsReply, startStakeReply, type StakeGuidanceReply, type StakeOrientation } from '@smi/contracts';
import { call } from '../../../lib/api-client';

/** The project's design points (decision 058), in its CRS and unit. */
export const useDesign = (projectId: string) =>
  useQuery({ queryKey: ['design', projectId], queryFn: ({ signal }) => call(designEndpoints.listDesign, { params: { projectId }, reply: designReply, quiet: true, signal }) });

/**
 * Guidance from the server for the rover's latest reading (decision 069): asked again each time a new reading
 * arrives (`readingKey`), the previous answer kept on screen until the next one.
 */
export function useGuidance(projectId: string, deviceId: string | null, pointId: string | null, orientation: StakeOrientation, heading: number | null, readingKey: string) {
  return useQuery<StakeGuidanceReply>({
    queryKey: ['stake-guidance', projectId, deviceId, pointId, orientation, orientation === 'compass' ? Math.round(heading ?? 0) : null, readingKey],
    queryFn: ({ signal }) =>
      call(stakeEndpoints.stakeGuidance, {
        params: { projectId },
        query: { deviceId: deviceId!, pointId: pointId!, orientation, ...(orientation === 'compass' && heading !== null ? { heading: String(Math.round(heading * 10) / 10) } : {}) },
        reply: stakeGuidanceReply,
        quiet: true,
        signal,
      }),
    enabled: !!deviceId && !!pointId && (orientation !== 'compass' || heading !== null),
    placeholderData: keepPreviousData,
    staleTime: 500,
    refetchInterval: 2_000,
    gcTime: 5_000,
  });
}

export const useStakeRecords = (projectId: string) =>
  useQuery({ queryKey: ['stake-records', projectId], queryFn: ({ signal }) => call(stakeEndpoints.listStakeRecords, { params: { projectId }, reply: stakeRecordsReply, quiet: true, signal }), retry: false });

/** Starts the as-staked occupation of the rover on the target (decision 070). */
export function useStartStake(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { deviceId: string; pointId: string }) =>
      call(stakeEndpoints.startStake, { params: { projectId }, body: { DeviceId: v.deviceId, PointId: v.pointId, ClientId: crypto.randomUUID() }, reply: startStakeReply }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['stake-records', projectId] }),
  });
}
