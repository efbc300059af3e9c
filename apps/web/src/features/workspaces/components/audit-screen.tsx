import { useState } from 'react';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { toast } from 'react-toastify';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntryView } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import type { Can } from '../../../lib/can';
import { saveFile } from '../../../lib/save-file';
import { fetchAuditCsv, NO_FILTER, useAuditPage, type AuditFilter } from '../api/audit';
import { useCurrentWorkspace, useMembers, useWorkspaces } from '../api/workspaces';
import { AUDIT_ACTION_LABELS, changesOf, subjectOf } from '../audit-words';

/** A project the filter offers (the workspace's projects; deleted ones still show by id in their entries). */
export interface AuditProject {
  id: string;
  name: string;
}

const when = (at: string) => new Date(at).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * The current workspace's audit trail for its owner and admins: filtered by project, member, action and days, a page
 * of entries at a time (newest first), each with what it changed before and after, and the same filter as a CSV file.
 * Anyone else is told the trail is not theirs to read, with no control that would be refused.
 */
export function AuditScreen({ projects, can }: { projects: AuditProject[]; can: Can }) {
  const workspaces = useWorkspaces();
  const current = useCurrentWorkspace();
  const canRead = !!current && can('manage');
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  // the cursors of the pages before this one: empty on the newest page
  const [cursors, setCursors] = useState<string[]>([]);
  const page = useAuditPage(filter, cursors[cursors.length - 1], canRead);
  const members = useMembers();
  const [downloading, setDownloading] = useState(false);

  if (workspaces.isPending) return <p className="text-sm text-slate-500">Loading…</p>;
  if (workspaces.isError || !current) return <p className="error-box">Could not load your workspaces</p>;
  if (!canRead) {
    return (
      <Panel>
        <p className="text-sm text-slate-600">Only the owner and the admins of {current.name} can read its audit trail.</p>
      </Panel>
    );
  }

  const change = (patch: Partial<AuditFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setCursors([]);
  };
  const projectName = (id: string | null) => (id ? (projects.find((p) => p.id === id)?.name ?? 'a deleted project') : null);
  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await fetchAuditCsv(filter));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Download failed');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="grid gap-4">
      <Panel title="Filter">
        <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-label="Filter the audit trail" onSubmit={(e) => e.preventDefault()}>
          <label>
            <span className="label">Project</span>
            <select className="input" value={filter.projectId} onChange={(e) => change({ projectId: e.target.value })}>
              <option value="">All projects</option>
              {projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="label">Member</span>
            <select className="input" value={filter.userId} onChange={(e) => change({ userId: e.target.value })}>
              <option value="">Everyone</option>
              {(members.data ?? []).map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="label">Action</span>
            <select className="input" value={filter.action} onChange={(e) => change({ action: e.target.value as AuditAction | '' })}>
              <option value="">Every action</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {AUDIT_ACTION_LABELS[a]}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="label">From</span>
            <input className="input" type="date" value={filter.from} max={filter.to || undefined} onChange={(e) => change({ from: e.target.value })} />
          </label>
          <label>
            <span className="label">To</span>
            <input className="input" type="date" value={filter.to} min={filter.from || undefined} onChange={(e) => change({ to: e.target.value })} />
          </label>
        </form>
        {Object.values(filter).some(Boolean) && (
          <button type="button" className="btn-ghost mt-2 -ml-2" onClick={() => change(NO_FILTER)}>
            Clear the filter
          </button>
        )}
      </Panel>

      <Panel
        title="Entries"
        action={
          <button type="button" className="btn-secondary" onClick={download} disabled={downloading}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {downloading ? 'Preparing CSV…' : 'Download CSV'}
          </button>
        }
        bodyClassName="p-0"
      >
        {page.isPending ? (
          <p className="p-4 text-sm text-slate-500 sm:p-5">Loading the audit trail…</p>
        ) : page.isError ? (
          <p className="error-box m-4">{page.error instanceof Error ? page.error.message : 'Could not load the audit trail'}</p>
        ) : page.data.entries.length === 0 ? (
          <p className="p-4 text-sm text-slate-500 sm:p-5">No entries match the filter.</p>
        ) : (
          <ol className="divide-y divide-slate-100" aria-label="Audit entries" aria-busy={page.isFetching}>
            {page.data.entries.map((entry) => (
              <AuditRow key={entry.Seq} entry={entry} project={projectName(entry.ProjectId)} />
            ))}
          </ol>
        )}
        <nav className="flex items-center justify-between gap-2 border-t border-slate-100 px-4 py-3 sm:px-5" aria-label="Pages of the audit trail">
          <button type="button" className="btn-secondary" disabled={cursors.length === 0 || page.isFetching} onClick={() => setCursors((c) => c.slice(0, -1))}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            Newer
          </button>
          <span className="text-sm text-slate-600">Page {cursors.length + 1}</span>
          <button
            type="button"
            className="btn-secondary"
            disabled={!page.data?.Next || page.isFetching || page.isPlaceholderData}
            onClick={() => page.data?.Next && setCursors((c) => [...c, page.data.Next!])}
          >
            Older
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </button>
        </nav>
      </Panel>
    </div>
  );
}

function AuditRow({ entry, project }: { entry: AuditEntryView; project: string | null }) {
  const changes = changesOf(entry);
  const both = !!entry.Before && !!entry.After;
  return (
    <li className="px-4 py-3 text-sm sm:px-5" data-testid="audit-entry">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
        <p className="min-w-0 break-words text-slate-900">
          <span className="font-semibold">{AUDIT_ACTION_LABELS[entry.Action]}</span>
          <span className="text-slate-600"> · {subjectOf(entry)}</span>
        </p>
        <p className="shrink-0 text-xs text-slate-600">
          <time dateTime={entry.At}>{when(entry.At)}</time>
        </p>
      </div>
      <p className="mt-0.5 text-xs text-slate-600">
        by <span className="font-medium text-slate-800">{entry.UserName}</span>
        {project && <> · in {project}</>}
      </p>
      {changes.length > 0 && (
        <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-lg bg-slate-50 px-3 py-2 text-xs" aria-label="What changed">
          {changes.map((c) => (
            <div key={c.field} className="contents">
              <dt className="font-medium text-slate-700">{c.field}</dt>
              <dd className="min-w-0 break-words text-slate-800">
                {both ? (
                  <>
                    <span className="sr-only">before </span>
                    <span className="text-slate-600 line-through decoration-slate-400">{c.before ?? '—'}</span>
                    <span aria-hidden="true"> → </span>
                    <span className="sr-only"> after </span>
                    <span>{c.after ?? '—'}</span>
                  </>
                ) : (
                  <>
                    <span className="sr-only">{entry.Before ? 'before ' : 'after '}</span>
                    {c.before ?? c.after}
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
