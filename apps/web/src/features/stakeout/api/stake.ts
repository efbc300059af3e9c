import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { designEndpoints, designReply, stakeEndpoints, stakeGuidanceReply, stakeRecordsReply, stakeStationsReply, startStakeReply, type StakeGuidanceReply, type StakeOrientation } from '@smi/contracts';
import { call } from '../../../lib/api-client';

/** The project's design points (decision 058), in its CRS and unit. */
export const useDesign = (projectId: string) =>
  useQuery({ queryKey: ['design', projectId], queryFn: ({ signal }) => call(designEndpoints.listDesign, { params: { projectId }, reply: designReply, quiet: true, signal }) });

/**
 * Guidance from the server for the rover's latest reading (decision 069): asked again each time a new reading
 * arrives (`readingKey`), the previous answer kept on screen until the next one.
 */
/** What is staked: a design point, or a design line (onto it when no station is given). */
export type StakeTarget = { pointId: string } | { lineId: string; station?: number; offset?: number };
const targetKey = (t: StakeTarget | null) => (!t ? null : 'pointId' in t ? t.pointId : `${t.lineId}/${t.station ?? ''}/${t.offset ?? ''}`);
function targetQuery(t: StakeTarget): Record<string, string> {
  if ('pointId' in t) return { pointId: t.pointId };
  return { lineId: t.lineId, ...(t.station === undefined ? {} : { station: String(t.station) }), ...(t.offset === undefined ? {} : { offset: String(t.offset) }) };
}

export function useGuidance(projectId: string, deviceId: string | null, target: StakeTarget | null, orientation: StakeOrientation, heading: number | null, readingKey: string) {
  return useQuery<StakeGuidanceReply>({
    queryKey: ['stake-guidance', projectId, deviceId, targetKey(target), orientation, orientation === 'compass' ? Math.round(heading ?? 0) : null, readingKey],
    queryFn: ({ signal }) =>
      call(stakeEndpoints.stakeGuidance, {
        params: { projectId },
        query: { deviceId: deviceId!, ...targetQuery(target!), orientation, ...(orientation === 'compass' && heading !== null ? { heading: String(Math.round(heading * 10) / 10) } : {}) },
        reply: stakeGuidanceReply,
        quiet: true,
        signal,
      }),
    enabled: !!deviceId && !!target && (orientation !== 'compass' || heading !== null),
    placeholderData: keepPreviousData,
    staleTime: 500,
    refetchInterval: 2_000,
    gcTime: 5_000,
  });
}

/** Stations along a design line at an interval, at each offset (negative left), in the project's unit. */
export const useStations = (projectId: string, lineId: string | null, interval: number, offsets: string) =>
  useQuery({
    queryKey: ['stake-stations', projectId, lineId, interval, offsets],
    queryFn: ({ signal }) =>
      call(stakeEndpoints.stakeStations, { params: { projectId, lineId: lineId! }, query: { interval: String(interval), ...(offsets.trim() ? { offsets: offsets.replace(/\s+/g, '') } : {}) }, reply: stakeStationsReply, quiet: true, signal }),
    enabled: !!lineId && interval > 0,
    retry: false,
  });

export const useStakeRecords = (projectId: string) =>
  useQuery({ queryKey: ['stake-records', projectId], queryFn: ({ signal }) => call(stakeEndpoints.listStakeRecords, { params: { projectId }, reply: stakeRecordsReply, quiet: true, signal }), retry: false });

/** Starts the as-staked occupation of the rover on the target (decision 070). */
export function useStartStake(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { deviceId: string; target: { pointId: string } | { lineId: string; station: number; offset: number } }) =>
      call(stakeEndpoints.startStake, {
        params: { projectId },
        body: { DeviceId: v.deviceId, ...('pointId' in v.target ? { PointId: v.target.pointId } : { LineId: v.target.lineId, Station: v.target.station, Offset: v.target.offset }), ClientId: crypto.randomUUID() },
        reply: startStakeReply,
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['stake-records', projectId] }),
  });
}
