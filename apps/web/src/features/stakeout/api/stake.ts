import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { designEndpoints, designReply, stakeEndpoints, stakeRecordsReply, startStakeReply, type StakeGuidanceReply, type StakeOrientation, type StakePushedGuidance } from '@smi/contracts';
import { liveFeed } from '../../../lib/socket';
import { call } from '../../../lib/api-client';

/** The project's design points (decision 058), in its CRS and unit. */
export const useDesign = (projectId: string) =>
  useQuery({ queryKey: ['design', projectId], queryFn: ({ signal }) => call(designEndpoints.listDesign, { params: { projectId }, reply: designReply, quiet: true, signal }) });

/**
 * Guidance from the server for every reading of the rover, pushed over the live socket (decision 069); a compass
 * heading is sent to the whole degree. `refused` says why the server would not guide (no projected CRS, a point
 * deleted meanwhile).
 */
export function useGuidance(projectId: string, deviceId: string | null, pointId: string | null, orientation: StakeOrientation, heading: number | null): { data: StakeGuidanceReply | undefined; refused: string | null } {
  const [pushed, setPushed] = useState<StakePushedGuidance | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const degrees = orientation === 'compass' && heading !== null ? Math.round(heading) % 360 : null;
  useEffect(() => {
    setRefused(null);
    if (!deviceId || !pointId || (orientation === 'compass' && degrees === null)) return undefined;
    return liveFeed.stake({ projectId, deviceId, pointId, orientation, ...(degrees === null ? {} : { heading: degrees }) }, setPushed, setRefused);
  }, [projectId, deviceId, pointId, orientation, degrees]);
  // what was pushed for another rover or point is not shown while the new watch's first guidance is on its way
  const data = pushed && pushed.projectId === projectId && pushed.deviceId === deviceId && pushed.pointId === pointId ? pushed : undefined;
  return { data, refused };
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
