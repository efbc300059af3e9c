import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { codeListEndpoints, codeListReply, lineworkEndpoints, lineworkReply, type LineworkReply } from '@smi/contracts';
import { call } from '../../../lib/api-client';
import { liveFeed } from '../../../lib/socket';

/** The code list the project reads its shots with (its own, else the shipped default). */
export function useProjectCodeList(projectId: string | undefined) {
  return useQuery({
    queryKey: ['project-code-list', projectId],
    queryFn: () => call(codeListEndpoints.projectCodeList, { params: { projectId: projectId! }, reply: codeListReply, quiet: true }).then((r) => r.codeList),
    enabled: !!projectId,
    staleTime: 60_000,
  });
}

export const lineworkKey = (projectId: string) => ['linework', projectId];

/**
 * The project's lines and polygons, built by the server from its coded points (decision 057): asked again whenever
 * the server says they changed (a point of this project recorded, recoded, renamed or deleted, by anyone watching).
 */
export function useLinework(projectId: string) {
  const client = useQueryClient();
  useEffect(() => liveFeed.onLinework((id) => id === projectId && void client.invalidateQueries({ queryKey: lineworkKey(projectId) })), [client, projectId]);
  return useQuery<LineworkReply>({
    queryKey: lineworkKey(projectId),
    queryFn: ({ signal }) => call(lineworkEndpoints.projectLinework, { params: { projectId }, reply: lineworkReply, quiet: true, signal }),
  });
}

const RECENT = (projectId: string) => `smi.recentCodes.${projectId}`;
const RECENT_MAX = 12;

/** The codes used last in this project, most recent first (kept in this browser). */
export function recentCodes(projectId: string): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(RECENT(projectId)) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberCodes(projectId: string, codes: string[]): void {
  const next = [...new Set([...codes, ...recentCodes(projectId)])].slice(0, RECENT_MAX);
  try {
    localStorage.setItem(RECENT(projectId), JSON.stringify(next));
  } catch {
    // private mode: nothing remembered
  }
}
