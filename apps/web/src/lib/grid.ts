import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { crsEndpoints, gridPointsReply, gridPositionsReply, projectCrsReply, type GridCoordinate, type GridFrame } from '@smi/contracts';
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
  live: (projectId: string) => ['grid', 'live', projectId] as const,
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

/** A value with the unit's symbol: "12345.678 ftUS". */
export const withUnit = (v: number, frame: GridFrame) => (frame.unitSymbol === '°' ? `${v.toFixed(9)}°` : `${v.toFixed(3)} ${frame.unitSymbol}`);

/** How heights are named: "orthometric (EGM96)" or "ellipsoidal (WGS 84)", as the API names them. */
export const heightName = (frame: GridFrame) => frame.heightName;

export interface LiveGrid {
  frame: GridFrame | null;
  coordinate: GridCoordinate | null;
}

/**
 * A live position in the project's grid, as a point recorded now would be stored; null while the project has no CRS.
 * Each new position is one small request; the previous answer stays on screen until the next arrives.
 */
export function useLiveGrid(projectId: string, position: { latitude: number; longitude: number }, ellipsoidalHeight: number | null) {
  const settings = useQuery(projectCrsQuery(projectId));
  const hasCrs = !!settings.data?.crs;
  return useQuery<LiveGrid>({
    queryKey: [...gridKeys.live(projectId), position.latitude, position.longitude, ellipsoidalHeight],
    queryFn: ({ signal }) =>
      call(crsEndpoints.gridPositions, {
        params: { id: projectId },
        body: { positions: [{ latitude: position.latitude, longitude: position.longitude, ellipsoidalHeight }] },
        reply: gridPositionsReply,
        quiet: true,
        signal,
      }).then((r): LiveGrid => ({ frame: r.frame, coordinate: r.coordinates[0] ?? null })),
    enabled: hasCrs,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 10_000,
  });
}
