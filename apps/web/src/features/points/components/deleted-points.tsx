import { useState } from 'react';
import { ArchiveRestore } from 'lucide-react';
import { toast } from 'react-toastify';
import { pointEndpoints } from '@smi/contracts';
import type { Can } from '../../../lib/can';
import { Panel } from '../../../components/panel';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { restorePoint, useDeletedPoints, useRefreshPoints } from '../api/points';

/**
 * A project's deleted points, each restorable for 30 days (decision 072): drawn only for the owner and admins, who
 * may restore (the same matrix the server enforces); a surveyor or a viewer sees nothing and nothing is asked for.
 */
export function DeletedPoints({ projectId, can }: { projectId: string; can: Can }) {
  const canRestore = can(pointEndpoints.restorePoint);
  const deleted = useDeletedPoints(projectId, canRestore);
  const refresh = useRefreshPoints();
  const [restoring, setRestoring] = useState<string | null>(null);

  if (!canRestore) return null;

  const restore = async (pointId: string) => {
    setRestoring(pointId);
    try {
      const reply = await restorePoint(projectId, pointId);
      toast.success(`${reply.data.Name || 'Unnamed Point'} restored`);
      await refresh(projectId);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to restore the point.'));
    } finally {
      setRestoring(null);
    }
  };

  const points = deleted.data ?? [];
  return (
    <Panel title={`Deleted points${points.length ? ` (${points.length})` : ''}`} className="mt-4">
      <p className="text-sm text-slate-600">A deleted point can be restored for 30 days, with its number, code, note and photos.</p>
      {deleted.isPending ? (
        <p className="mt-3 text-sm text-slate-500">Loading deleted points…</p>
      ) : deleted.isError ? (
        <p className="error-box mt-3">{deleted.error.message}</p>
      ) : points.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No deleted points.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label="Deleted points">
          {points.map((p) => (
            <li key={p._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">
                  {p.Name || 'Unnamed Point'} <span className="font-normal text-slate-500">#{p.Number}</span>
                </p>
                <p className="text-slate-600">
                  Deleted by {p.DeletedBy.Name || 'N/A'} on {formatDate(p.DeletedAt)} · restorable until {formatDate(p.RestorableUntil)}
                </p>
              </div>
              <button
                type="button"
                className="btn-secondary self-start sm:self-auto"
                onClick={() => void restore(p._id)}
                disabled={restoring !== null}
                aria-label={`Restore ${p.Name || 'Unnamed Point'}`}
              >
                <ArchiveRestore aria-hidden="true" className="h-4 w-4" />
                {restoring === p._id ? 'Restoring…' : 'Restore'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
