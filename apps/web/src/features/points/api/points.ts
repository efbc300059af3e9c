import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { codeListEndpoints, codeListReply, deletedPointsReply, pointEndpoints as e, pointsReply, recordPointReply, type LineEdit, type PointChange, type PointView } from '@smi/contracts';
import { z } from 'zod';
import { call } from '../../../lib/api-client';
import { liveFeed } from '../../../lib/socket';

export type Point = PointView;

export const pointKeys = {
  all: ['points'] as const,
  list: (projectId: string) => ['points', projectId] as const,
  deleted: (projectId: string) => ['points', projectId, 'deleted'] as const,
};

export const pointsQuery = (projectId: string) =>
  queryOptions({
    queryKey: pointKeys.list(projectId),
    queryFn: () => call(e.listPoints, { params: { projectId }, reply: pointsReply, quiet: true }).then((r) => r.points),
  });

/**
 * A project's points, kept current while shown: other members' new, renamed, recoded and deleted points are pushed by
 * the server and applied to this list where it is cached, without reading it again (decision 073).
 */
export function usePoints(projectId: string) {
  const client = useQueryClient();
  useEffect(() => {
    const key = pointKeys.list(projectId);
    const since = Date.now();
    return liveFeed.watchProject(projectId, {
      apply: (changes) => client.setQueryData<Point[]>(key, (list) => (list ? applyPointChanges(list, changes) : list)),
      // the list read before the server's first answer may lack a change made in between: read it again
      reload: () => {
        const state = client.getQueryState(key);
        if (state && (state.fetchStatus === 'fetching' || state.dataUpdatedAt < since)) void client.invalidateQueries({ queryKey: key });
      },
    });
  }, [client, projectId]);
  return useQuery(pointsQuery(projectId));
}

/** The list with the changes applied: a changed point replaced where it is, a new one added in time order, a deleted one gone. */
export function applyPointChanges(list: readonly Point[], changes: readonly PointChange[]): Point[] {
  let next = [...list];
  for (const c of changes) {
    const at = next.findIndex((p) => p._id === c.PointId);
    if (!c.Point) {
      if (at >= 0) next = next.filter((p) => p._id !== c.PointId);
    } else if (at >= 0) {
      next[at] = c.Point;
    } else {
      // the server lists points by the time they were taken
      const after = next.findIndex((p) => p.Timestamp > c.Point!.Timestamp);
      if (after < 0) next.push(c.Point);
      else next.splice(after, 0, c.Point);
    }
  }
  return next;
}

export const deletePoint = (projectId: string, pointId: string) =>
  call(e.deletePoint, { params: { projectId, pointId }, reply: z.object({ message: z.string().optional() }), quiet: true });

export const renamePoint = (projectId: string, pointId: string, Name: string) =>
  call(e.renamePoint, { params: { projectId, pointId }, body: { Name }, quiet: true });

/** After a point change: the list and the project (its point count, Last_Modified) are read again. */
export function useRefreshPoints() {
  const client = useQueryClient();
  return (projectId: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: pointKeys.list(projectId) }),
      client.invalidateQueries({ queryKey: ['projects'] }),
    ]);
}

/** The list the project reads its codes with: which words of a point's code are lines. */
export const useProjectCodes = (projectId: string) =>
  useQuery({
    queryKey: ['project-code-list', projectId],
    queryFn: () => call(codeListEndpoints.projectCodeList, { params: { projectId }, reply: codeListReply, quiet: true }).then((r) => r.codeList),
    staleTime: 60_000,
  });

/** Start, break, close, continue a line at a point, take the point out of it (the server rewrites its code), or move it along the line. */
export const editPointLine = (projectId: string, pointId: string, Line: string, Edit: LineEdit) =>
  call(e.editPointLine, { params: { projectId, pointId }, body: { Line, Edit }, reply: recordPointReply });

/** The project's deleted points an admin can still restore (decision 072); asked for only by those who may. */
export const useDeletedPoints = (projectId: string, enabled: boolean) =>
  useQuery({
    queryKey: pointKeys.deleted(projectId),
    queryFn: () => call(e.listDeletedPoints, { params: { projectId }, reply: deletedPointsReply, quiet: true }).then((r) => r.points),
    enabled,
  });

export const restorePoint = (projectId: string, pointId: string) =>
  call(e.restorePoint, { params: { projectId, pointId }, reply: recordPointReply, quiet: true });
