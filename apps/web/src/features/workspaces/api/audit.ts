import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditEndpoints as e, auditReply, pathFor, type AuditAction } from '@smi/contracts';
import { call } from '../../../lib/api-client';
import type { FetchedFile } from '../../../lib/save-file';

/** What the audit screen filters by; empty fields filter nothing. `from`/`to` are days (YYYY-MM-DD, local time). */
export interface AuditFilter {
  projectId: string;
  userId: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

export const NO_FILTER: AuditFilter = { projectId: '', userId: '', action: '', from: '', to: '' };

/** Entries on one page of the screen. */
export const AUDIT_SCREEN_PAGE = 25;

/** The start of a local day as an ISO time; null for an empty or malformed day. */
function dayStart(day: string, plusDays = 0): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const at = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/**
 * The filter as the api's query: `from` is the first moment of its day, `to` the first moment after its day (the api's
 * `to` is exclusive), so "to 28 Nov" keeps the whole of the 28th.
 */
export function auditQueryOf(f: AuditFilter): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.projectId) q.projectId = f.projectId;
  if (f.userId) q.userId = f.userId;
  if (f.action) q.action = f.action;
  const from = dayStart(f.from);
  if (from) q.from = from;
  const to = dayStart(f.to, 1);
  if (to) q.to = to;
  return q;
}

/** One page of the current workspace's trail, newest first; `before` is the cursor of an older page. */
export function useAuditPage(filter: AuditFilter, before: string | undefined, enabled: boolean) {
  const query = { ...auditQueryOf(filter), limit: String(AUDIT_SCREEN_PAGE), ...(before ? { before } : {}) };
  return useQuery({
    queryKey: ['workspace', 'audit', query],
    enabled,
    // the page shown stays while the next one loads: the list does not jump to empty between pages
    placeholderData: keepPreviousData,
    // a trail is read for what just happened: opening the screen always asks again (the app's default keeps 15 s)
    staleTime: 0,
    refetchOnMount: 'always',
    queryFn: () => call(e.listAudit, { query, reply: auditReply, quiet: true }),
  });
}

/** Every entry of the filter as the api's CSV file; a refused one throws with the server's message. */
export async function fetchAuditCsv(filter: AuditFilter): Promise<FetchedFile> {
  const query = new URLSearchParams(auditQueryOf(filter)).toString();
  const res = await fetch(`${pathFor(e.downloadAudit.path)}${query ? `?${query}` : ''}`, { credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : `Failed to export: ${res.status} ${res.statusText}`);
  }
  return { blob: await res.blob(), fileName: /filename="([^"]+)"/i.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'audit-trail.csv' };
}
