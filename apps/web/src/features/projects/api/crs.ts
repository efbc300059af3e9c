import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  calibrationReply,
  crsEndpoints,
  crsSearchReply,
  pointEndpoints,
  pointsReply,
  projectCrsReply,
  type CalibrationBody,
  type calibrationBody,
  type ProjectCrsBody,
  type projectCrsBody,
} from '@smi/contracts';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { gridKeys, projectCrsQuery } from '../../../lib/grid';

/** The project's coordinate system, heights and site calibration (decision 024): the settings screen's calls. */
export const useProjectCrs = (projectId: string) => useQuery(projectCrsQuery(projectId));

/** EPSG CRSs by code or words ("2154", "utm 33n", "florida ft"); nothing is asked for under two characters. */
export function useCrsSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['crs', 'search', q],
    queryFn: ({ signal }) => call({ method: 'GET', path: `${crsEndpoints.searchCrs.path}?query=${encodeURIComponent(q)}` }, { reply: crsSearchReply, quiet: true, signal }).then((r) => r.crs),
    enabled: q.length >= 2,
    staleTime: 60_000,
  });
}

export const saveProjectCrs = (projectId: string, body: z.input<typeof projectCrsBody>) =>
  call(crsEndpoints.setProjectCrs, { params: { id: projectId }, body: body as ProjectCrsBody, reply: projectCrsReply, quiet: true }).then((r) => r.settings);

export const calibrationQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['grid', 'calibration', projectId],
    queryFn: () => call(crsEndpoints.getCalibration, { params: { id: projectId }, reply: calibrationReply, quiet: true }).then((r) => r.calibration),
  });
export const useCalibration = (projectId: string) => useQuery(calibrationQuery(projectId));

export const saveCalibration = (projectId: string, body: z.input<typeof calibrationBody>) =>
  call(crsEndpoints.setCalibration, { params: { id: projectId }, body: body as CalibrationBody, reply: calibrationReply, quiet: true }).then((r) => r.calibration);

export const removeCalibration = (projectId: string) => call(crsEndpoints.removeCalibration, { params: { id: projectId }, quiet: true });

/** The project's points, to pick the measured side of a calibration pair from. */
export const useProjectPoints = (projectId: string) =>
  useQuery({
    queryKey: ['points', projectId],
    queryFn: () => call(pointEndpoints.listPoints, { params: { projectId }, reply: pointsReply, quiet: true }).then((r) => r.points),
  });

/** After a CRS or calibration change: its settings, calibration, and every grid coordinate shown are read again. */
export function useRefreshGrid() {
  const client = useQueryClient();
  return (projectId: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['grid'] }),
      client.invalidateQueries({ queryKey: gridKeys.points(projectId) }),
    ]);
}
