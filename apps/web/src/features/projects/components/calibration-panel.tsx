import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { crsEndpoints, type CalibrationView, type PointView, type ProjectCrsView } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { errorMessage } from '../../../lib/api-client';
import type { Can } from '../../../lib/can';
import { removeCalibration, saveCalibration, useCalibration, useProjectCrs, useProjectPoints, useRefreshGrid } from '../api/crs';
import { parsePairsCsv, type PairRow } from './calibration-pairs';
import { FormFooter } from '../../../components/form-footer';

const UNIT_SYMBOL: Record<string, string> = { metre: 'm', 'US survey foot': 'ftUS', 'international foot': 'ft' };

/**
 * Site calibration (decision 024): pairs of a measured point (picked from the project's points) and its known grid E, N,
 * H (typed or imported from a csv); the fitted parameters, each pair's residuals, the RMS and the tolerance warnings;
 * removable. Needs a projected coordinate system.
 */
export function CalibrationPanel({ projectId, can }: { projectId: string; can: Can }) {
  const settings = useProjectCrs(projectId);
  const crs = settings.data?.crs;
  return (
    <Panel title="Site calibration">
      {!crs || crs.kind !== 'projected' ? (
        <p className="text-sm text-slate-600">Choose a projected coordinate system above to calibrate it to the site's control.</p>
      ) : (
        <Calibration projectId={projectId} settings={settings.data!} mayEdit={can(crsEndpoints.setCalibration)} />
      )}
    </Panel>
  );
}

function Calibration({ projectId, settings, mayEdit }: { projectId: string; settings: ProjectCrsView; mayEdit: boolean }) {
  const calibration = useCalibration(projectId);
  const refresh = useRefreshGrid();
  const unit = UNIT_SYMBOL[settings.unitLabel ?? ''] ?? settings.unitLabel ?? '';
  const remove = async () => {
    try {
      await removeCalibration(projectId);
      toast.success('Calibration removed');
      await refresh(projectId);
    } catch (err) {
      toast.error(errorMessage(err, 'The calibration could not be removed'));
    }
  };
  return (
    <div className="flex flex-col gap-5">
      {calibration.data && calibration.data.crsCode === settings.crs?.code ? (
        <CalibrationSummary calibration={calibration.data} unit={unit} onRemove={mayEdit ? () => void remove() : undefined} />
      ) : (
        <p className="text-sm text-slate-600" data-testid="calibration-none">
          No calibration: grid coordinates are the coordinate system's own.
        </p>
      )}
      {mayEdit && <PairsEditor projectId={projectId} unit={unit} onSolved={() => void refresh(projectId)} />}
    </div>
  );
}

// "-0.000" reads as a sign that is not there
const fmt = (v: number | null, digits = 3) => (v === null ? '—' : (Math.abs(v) < 0.5 * 10 ** -digits ? 0 : v).toFixed(digits));

function CalibrationSummary({ calibration: c, unit, onRemove }: { calibration: CalibrationView; unit: string; onRemove?: () => void }) {
  const over = c.residuals.filter((r) => r.overTolerance);
  return (
    <section aria-label="Calibration in use" className="flex flex-col gap-3" data-testid="calibration-summary">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-800">
          Calibration v{c.version} in use (since {new Date(c.createdAt).toLocaleString()})
        </p>
        {onRemove && (
          <button type="button" className="btn-secondary" onClick={onRemove}>
            Remove calibration
          </button>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm tabular-nums">
        {c.horizontal && (
          <>
            <dt className="text-slate-500">Shift E, N</dt>
            <dd>
              {fmt(c.horizontal.tE)} {unit}, {fmt(c.horizontal.tN)} {unit}
            </dd>
            <dt className="text-slate-500">Scale</dt>
            <dd>
              {c.horizontal.scale.toFixed(9)} ({((c.horizontal.scale - 1) * 1e6).toFixed(2)} ppm){c.fixScale && ', fixed'}
            </dd>
            <dt className="text-slate-500">Rotation</dt>
            <dd>{c.horizontal.rotationArcsec.toFixed(2)}″</dd>
          </>
        )}
        {c.vertical && (
          <>
            <dt className="text-slate-500">Vertical</dt>
            <dd>
              {c.vertical.kind === 'constant'
                ? `constant shift ${fmt(c.vertical.dh)} m`
                : `inclined plane: ${fmt(c.vertical.dh)} m, slopes ${c.vertical.slopeLat.toFixed(3)}″ north, ${c.vertical.slopeLon.toFixed(3)}″ east`}
            </dd>
          </>
        )}
        <dt className="text-slate-500">RMS</dt>
        <dd data-testid="calibration-rms">
          horizontal {c.rmsH === null ? '—' : `${fmt(c.rmsH)} ${unit}`}, vertical {c.rmsV === null ? '—' : `${fmt(c.rmsV)} m`}
        </dd>
      </dl>
      {over.length > 0 && (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          Residual over tolerance at {over.map((r) => r.name).join(', ')}: check those control points before using this calibration.
        </p>
      )}
      {c.warnings.includes('no-redundancy-h') && (
        <p className="text-xs text-slate-500">Two horizontal pairs fit exactly: add a third to see how well the control agrees.</p>
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">Residuals per pair</caption>
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-1 pr-3">Pair</th>
              <th className="py-1 pr-3">dE ({unit})</th>
              <th className="py-1 pr-3">dN ({unit})</th>
              <th className="py-1 pr-3">dH (m)</th>
            </tr>
          </thead>
          <tbody>
            {c.residuals.map((r) => (
              <tr key={r.name} className={r.overTolerance ? 'bg-amber-50 text-amber-900' : ''}>
                <td className="py-1 pr-3">
                  {r.name}
                  {r.overTolerance && ' ⚠'}
                </td>
                <td className="py-1 pr-3">{fmt(r.dE)}</td>
                <td className="py-1 pr-3">{fmt(r.dN)}</td>
                <td className="py-1 pr-3">{fmt(r.dH)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const emptyRow = (): PairRow => ({ pointId: '', easting: '', northing: '', height: '' });

function PairsEditor({ projectId, unit, onSolved }: { projectId: string; unit: string; onSolved: () => void }) {
  const points = useProjectPoints(projectId);
  const [rows, setRows] = useState<PairRow[]>([emptyRow(), emptyRow(), emptyRow()]);
  const [fixScale, setFixScale] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = points.data ?? [];
  const update = (i: number, patch: Partial<PairRow>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const importCsv = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const parsed = parsePairsCsv(await file.text(), list);
    if (parsed.error) return setError(parsed.error);
    setError(null);
    setRows(parsed.rows);
  };

  const solve = async (e: FormEvent) => {
    e.preventDefault();
    const used = rows.filter((r) => r.pointId || r.easting || r.northing);
    const pairs = [];
    for (const [i, r] of used.entries()) {
      const p = list.find((x) => x._id === r.pointId);
      const [east, north] = [Number(r.easting), Number(r.northing)];
      if (!p || typeof p.Latitude !== 'number' || typeof p.Longitude !== 'number') return setError(`Pair ${i + 1}: pick the measured point.`);
      if (!r.easting.trim() || !r.northing.trim() || !Number.isFinite(east) || !Number.isFinite(north)) return setError(`Pair ${i + 1}: enter the known easting and northing.`);
      const height = r.height.trim() ? Number(r.height) : null;
      if (height !== null && !Number.isFinite(height)) return setError(`Pair ${i + 1}: the known height must be a number.`);
      pairs.push({ name: p.Name || `Pair ${i + 1}`, pointId: p._id, latitude: p.Latitude, longitude: p.Longitude, ellipsoidalHeight: ellipsoidalOf(p), easting: east, northing: north, height });
    }
    if (pairs.length < 2) return setError('A calibration needs at least two pairs.');
    setError(null);
    setBusy(true);
    try {
      await saveCalibration(projectId, { pairs, fixScale });
      toast.success('Calibration solved and applied');
      onSolved();
    } catch (err) {
      setError(errorMessage(err, 'The calibration could not be solved'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="group border-t border-slate-100 pt-4">
      <summary className="cursor-pointer text-sm font-semibold text-brand-700">New calibration…</summary>
      <form className="mt-3 flex flex-col gap-3" onSubmit={(e) => void solve(e)} aria-label="Calibration pairs">
        <p className="text-xs text-slate-500">
          Each pair: a measured point and its known grid coordinates ({unit}; height in {unit}, optional). A csv of name, easting, northing, height
          matches names to the project's points.
        </p>
        {rows.map((r, i) => (
          <fieldset key={i} className="grid grid-cols-3 gap-2 sm:grid-cols-[1.2fr_1.5fr_1.5fr_1fr]" aria-label={`Pair ${i + 1}`}>
            <select className="input col-span-3 sm:col-span-1" aria-label={`Pair ${i + 1} measured point`} value={r.pointId} onChange={(e) => update(i, { pointId: e.target.value })}>
              <option value="">Measured point…</option>
              {list.map((p) => (
                <option key={p._id} value={p._id}>
                  {p.Name || 'Unnamed Point'}
                </option>
              ))}
            </select>
            <input className="input" aria-label={`Pair ${i + 1} known easting`} inputMode="decimal" placeholder={`E (${unit})`} value={r.easting} onChange={(e) => update(i, { easting: e.target.value })} />
            <input className="input" aria-label={`Pair ${i + 1} known northing`} inputMode="decimal" placeholder={`N (${unit})`} value={r.northing} onChange={(e) => update(i, { northing: e.target.value })} />
            <input className="input" aria-label={`Pair ${i + 1} known height`} inputMode="decimal" placeholder={`H (${unit})`} value={r.height} onChange={(e) => update(i, { height: e.target.value })} />
          </fieldset>
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className="btn-secondary" onClick={() => setRows((rs) => [...rs, emptyRow()])}>
            Add pair
          </button>
          <label className="btn-secondary cursor-pointer">
            Import csv
            <input type="file" accept=".csv,text/csv,text/plain" className="sr-only" onChange={(e) => void importCsv(e)} />
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={fixScale} onChange={(e) => setFixScale(e.target.checked)} />
            Fix the scale to 1
          </label>
        </div>
        <FormFooter error={error} busy={busy} label="Solve calibration" busyLabel="Solving…" />
      </form>
    </details>
  );
}

/** The point's h: stored, or MSL + the receiver's geoid separation; null when neither is known. */
function ellipsoidalOf(p: PointView): number | null {
  if (p.EllipsoidalHeight !== null) return p.EllipsoidalHeight;
  return p.Altitude !== null && p.GeoidSeparation !== null ? p.Altitude + p.GeoidSeparation : null;
}
