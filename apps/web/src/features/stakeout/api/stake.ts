import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathFor, designEndpoints, designReply, stakeEndpoints, stakeRecordsReply, stakeStationsReply, startStakeReply, type StakeGuidanceReply, type StakeOrientation, type StakePushedGuidance } from '@smi/contracts';
import { liveFeed } from '../../../lib/socket';
import { call } from '../../../lib/api-client';
import type { FetchedFile } from '../../../lib/save-file';

/** The project's design points (decision 058), in its CRS and unit. */
export const useDesign = (projectId: string) =>
  useQuery({ queryKey: ['design', projectId], queryFn: ({ signal }) => call(designEndpoints.listDesign, { params: { projectId }, reply: designReply, quiet: true, signal }) });

/**
 * Guidance from the server for every reading of the rover, pushed over the live socket (decision 069); a compass
 * heading is sent to the whole degree. `refused` says why the server would not guide (no projected CRS, a point
 * deleted meanwhile).
 */
/** What is staked: a design point, or a design line (onto it when no station is given). */
export type StakeTarget = { pointId: string } | { lineId: string; station?: number; offset?: number };
const targetKey = (t: StakeTarget | null) => (!t ? null : 'pointId' in t ? t.pointId : `${t.lineId}/${t.station ?? ''}/${t.offset ?? ''}`);
const pushedKey = (g: StakePushedGuidance) => g.pointId ?? `${g.lineId}/${g.station ?? ''}/${g.offset ?? ''}`;

export function useGuidance(projectId: string, deviceId: string | null, target: StakeTarget | null, orientation: StakeOrientation, heading: number | null): { data: StakeGuidanceReply | undefined; refused: string | null } {
  const [pushed, setPushed] = useState<StakePushedGuidance | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const degrees = orientation === 'compass' && heading !== null ? Math.round(heading) % 360 : null;
  const key = targetKey(target);
  useEffect(() => {
    setRefused(null);
    if (!deviceId || !target || (orientation === 'compass' && degrees === null)) return undefined;
    return liveFeed.stake({ projectId, deviceId, ...target, orientation, ...(degrees === null ? {} : { heading: degrees }) }, setPushed, setRefused);
    // the target by its key: a new object for the same target is the same watch
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId, deviceId, key, orientation, degrees]);
  // what was pushed for another rover or target is not shown while the new watch's first guidance is on its way
  const data = pushed && pushed.projectId === projectId && pushed.deviceId === deviceId && pushedKey(pushed) === key ? pushed : undefined;
  return { data, refused };
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

/** The stake report as a file: the cut sheet (csv) or the PDF; a refused one throws with the server's message. */
export async function fetchStakeReport(projectId: string, kind: 'csv' | 'pdf'): Promise<FetchedFile> {
  const res = await fetch(pathFor((kind === 'csv' ? stakeEndpoints.stakeReportCsv : stakeEndpoints.stakeReportPdf).path, { projectId }), { credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : `Failed to download the stake report: ${res.status} ${res.statusText}`);
  }
  const named = /filename="?([^";]+)"?/i.exec(res.headers.get('Content-Disposition') ?? '')?.[1];
  return { blob: await res.blob(), fileName: named ?? `stake-report.${kind}` };
}
