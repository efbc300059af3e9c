import { queryOptions, useQuery } from '@tanstack/react-query';
import { crsEndpoints, gridPointsReply, projectCrsReply, type GridFrame } from '@smi/contracts';
import { call } from './api-client';

/**
 * The project's coordinate system and the grid coordinates the API computes for it (decision 024): the
 * same code as the exports, so what a screen shows is what the csv, dxf, shp and LandXML hold. Shared by the project
 * settings, the taken points and the Record dialog.
 */
export const gridKeys = {
  settings: (projectId: string) => ['grid', 'settings', projectId] as const,
  // under ['points', projectId]: whatever refreshes the points refreshes their grid coordinates
  points: (projectId: string) => ['points', projectId, 'grid'] as const,
};

export const projectCrsQuery = (projectId: string) =>
  queryOptions({
    queryKey: gridKeys.settings(projectId),
    queryFn: () => call(crsEndpoints.getProjectCrs, { params: { id: projectId }, reply: projectCrsReply, quiet: true }).then((r) => r.settings),
  });

export const gridPointsQuery = (projectId: string) =>
  queryOptions({
    queryKey: gridKeys.points(projectId),
    queryFn: () => call(crsEndpoints.gridPoints, { params: { id: projectId }, reply: gridPointsReply, quiet: true }),
  });

export const useGridPoints = (projectId: string) => useQuery(gridPointsQuery(projectId));

const LINEAR_SYMBOL: Record<string, string> = { metre: 'm', foot: 'ft', 'US survey foot': 'ftUS' };
/** The short sign of a linear unit as the API names it in design, stake-out and COGO replies ('US survey foot': ftUS). */
export const unitSymbol = (unit: string) => LINEAR_SYMBOL[unit] ?? unit;

/** A value with the unit's symbol: "12345.678 ftUS". */
export const withUnit = (v: number, frame: GridFrame) => (frame.unitSymbol === '°' ? `${v.toFixed(9)}°` : `${v.toFixed(3)} ${frame.unitSymbol}`);
