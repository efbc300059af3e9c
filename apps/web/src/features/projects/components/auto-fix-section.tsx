import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { AutoFixView } from '@smi/contracts';
import { errorMessage } from '../../../lib/api-client';
import { acceptAutoFix, cancelAutoFix, startAutoFix, useAutoFix } from '../api/auto-fix';

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
const sigma = (a: AutoFixView) => (a.SigmaH === null ? '' : ` · σH ${a.SigmaH.toFixed(3)} m σV ${(a.SigmaV ?? 0).toFixed(3)} m`);
const position = (a: AutoFixView) =>
  a.Latitude === null ? '' : `${a.Latitude.toFixed(8)}, ${a.Longitude!.toFixed(8)}, h ${a.Height!.toFixed(3)} m`;

/** What an Auto Fix is doing, with its actions: a pure view (the section below feeds it). */
export function AutoFixStatus({ autoFix: a, busy, onAccept, onCancel }: { autoFix: AutoFixView; busy: boolean; onAccept: () => void; onCancel: () => void }) {
  if (a.Status === 'running') {
    const pct = Math.min(100, (100 * a.ElapsedS) / a.DurationS);
    return (
      <div className="flex flex-col gap-2" data-testid="auto-fix">
        <div role="progressbar" aria-label="Averaging the base position" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct)} className="h-2 rounded bg-slate-100">
          <div className="h-2 rounded bg-brand-600 transition-all" style={{ width: `${pct}%` }} />
        </div>
        <p className="text-sm text-slate-600">
          Averaging {clock(a.ElapsedS)} of {clock(a.DurationS)} · {a.Epochs} position{a.Epochs === 1 ? '' : 's'}
          {sigma(a)}
        </p>
        {a.Latitude !== null && <p className="text-xs text-slate-500 tabular-nums">Mean so far {position(a)}</p>}
        <div>
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
            Cancel averaging
          </button>
        </div>
      </div>
    );
  }
  if (a.Status === 'done' || a.Status === 'accepted') {
    return (
      <div className="flex flex-col gap-2" data-testid="auto-fix">
        <p className="text-sm text-slate-700">
          Mean of {a.Epochs} positions over {clock(a.ElapsedS)}
          {sigma(a)}
          {a.Outliers ? ` (${a.Outliers} left out)` : ''}
        </p>
        <p className="text-sm font-medium text-slate-900 tabular-nums">{position(a)}</p>
        {a.Status === 'done' ? (
          <div>
            <button type="button" className="btn-primary" onClick={onAccept} disabled={busy}>
              Use as base coordinates
            </button>
          </div>
        ) : (
          <p className="text-sm text-emerald-700">These are the base coordinates in force.</p>
        )}
      </div>
    );
  }
  return (
    <p className="text-sm text-slate-500" data-testid="auto-fix">
      {a.Status === 'failed' ? `The last averaging failed: ${a.Reason ?? 'no result'}.` : 'The last averaging was cancelled.'}
    </p>
  );
}

/**
 * Auto Fix's averaging (decision 023): the server averages the base's own position for a set time (default 5 minutes)
 * and offers the mean, with its sigma, as the base's coordinates, as RTKBase's survey-in does.
 */
export function AutoFixSection({ projectId }: { projectId: string }) {
  const query = useAutoFix(projectId);
  const client = useQueryClient();
  const [minutes, setMinutes] = useState('5');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const a = query.data ?? null;

  const act = async (step: () => Promise<void>, failure: string) => {
    setBusy(true);
    try {
      await step();
    } catch (err) {
      toast.error(errorMessage(err, failure));
    } finally {
      setBusy(false);
    }
  };
  const refresh = (next: AutoFixView) => client.setQueryData(['projects', 'auto-fix', projectId], next);

  const start = () =>
    act(async () => {
      const m = Number(minutes);
      if (!Number.isFinite(m) || m < 1 || m > 1440) throw new Error('Enter the averaging time in minutes (1 to 1440).');
      setMessage(null);
      refresh(await startAutoFix(projectId, Math.round(m * 60)));
    }, 'Failed to start averaging');
  const cancel = () =>
    act(async () => {
      refresh(await cancelAutoFix(a!._id));
    }, 'Failed to cancel averaging');
  const accept = () =>
    act(async () => {
      const reply = await acceptAutoFix(a!._id);
      refresh(reply.autoFix);
      setMessage(reply.message);
      toast.success(reply.message);
      // the points of the setup in force moved with the base: the map and the taken points read them again
      void client.invalidateQueries({ queryKey: ['points'] });
    }, 'Failed to set the base coordinates');

  return (
    <section aria-label="Average the base position" className="flex flex-col gap-3 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Average the base position</h3>
      {a && <AutoFixStatus autoFix={a} busy={busy} onAccept={() => void accept()} onCancel={() => void cancel()} />}
      {message && (
        <p role="status" className="text-sm text-emerald-700">
          {message}
        </p>
      )}
      {a?.Status !== 'running' && (
        <div className="flex flex-wrap items-end gap-3">
          <label>
            <span className="label">Minutes</span>
            <input className="input w-24" inputMode="decimal" value={minutes} onChange={(e) => setMinutes(e.target.value)} />
          </label>
          <button type="button" className="btn-secondary min-h-11" onClick={() => void start()} disabled={busy}>
            Start averaging
          </button>
        </div>
      )}
    </section>
  );
}
