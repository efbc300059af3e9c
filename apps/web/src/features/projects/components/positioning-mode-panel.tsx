import { useState, type FormEvent } from 'react';
import { Crosshair, MapPin } from 'lucide-react';
import { toast } from 'react-toastify';
import { AUTO_MODE_LOCATION_MESSAGE, baseSetupEndpoints, type BaseMode, type KnownBaseReply, type Recomputation } from '@smi/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Panel } from '../../../components/panel';
import { errorMessage } from '../../../lib/api-client';
import type { Can } from '../../../lib/can';
import { useUserSettings } from '../../../lib/user-settings';
import { useQueryClient } from '@tanstack/react-query';
import { setKnownBase, undoBaseSetup, type KnownBaseInput } from '../api/known-base';
import { setBaseMode, useStoreProject } from '../api/project-changes';
import type { Project } from '../api/projects';
import { AutoFixSection } from './auto-fix-section';
import { emptyMark, KnownMarkFields, type MarkDraft } from './known-mark-fields';

export const INVALID_POSITION_MESSAGE = 'Please enter valid latitude and longitude values.';

const asText = (n: number | null) => (n === null ? '' : String(n));

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
const signed = (v: number) => `${v >= 0 ? '+' : '-'}${Math.abs(v).toFixed(3)} m`;
export const moveQuestion = (r: Recomputation) =>
  `Moving the base re-computes ${r.Points} point${r.Points === 1 ? '' : 's'} measured from it: shift dE ${signed(r.ShiftE)}, dN ${signed(r.ShiftN)}, dU ${signed(r.ShiftU)}.`;

/** The body for the mark as typed, or the spec's alert when it cannot be sent. */
function bodyOf(m: MarkDraft): KnownBaseInput | string {
  const antenna = m.antenna ? { Antenna: m.antenna } : {};
  const bad = (...vs: (number | undefined)[]) => vs.some((v) => v !== undefined && !Number.isFinite(v));
  if (m.kind === 'latlon') {
    const [latitude, longitude, height] = [num(m.lat), num(m.lon), num(m.height)];
    if (latitude === undefined || longitude === undefined || bad(latitude, longitude, height)) return INVALID_POSITION_MESSAGE;
    return { Latitude: latitude, Longitude: longitude, ...(height !== undefined && { Height: height }), ...antenna };
  }
  if (m.kind === 'grid') {
    const [n, e, el] = [num(m.northing), num(m.easting), num(m.elevation)];
    if (n === undefined || e === undefined || bad(n, e, el)) return 'Please enter valid northing and easting values.';
    return { Northing: n, Easting: e, ...(el !== undefined && { Elevation: el }), ...antenna };
  }
  return m.pointId ? { PointId: m.pointId, ...antenna } : 'Please choose the control point the base stands over.';
}

interface Sends {
  sendKnown?: (id: string, body: KnownBaseInput) => Promise<KnownBaseReply>;
  undo?: typeof undoBaseSetup;
}

/**
 * Known Position / Auto Fix, and the known base coordinates (decision 042): a move that re-computes points is
 * previewed (how many, the shift) and asked about first, and can be undone afterwards.
 */
export function PositioningModePanel({ project, sendKnown = setKnownBase, undo = undoBaseSetup, can }: { project: Project; can: Can } & Sends) {
  const store = useStoreProject();
  const [mode, setMode] = useState<BaseMode>(project.BaseMode);
  const [mark, setMark] = useState<MarkDraft>(() => emptyMark(asText(project.BaseLatitude), asText(project.BaseLongitude)));
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recomputed, setRecomputed] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ body: KnownBaseInput; preview: Recomputation } | null>(null);
  const [undoable, setUndoable] = useState<string | null>(null);
  const client = useQueryClient();
  // the project changed under the panel (a save here, Auto Fix, another tab): its fields follow it, the message stays
  const [shown, setShown] = useState({ mode: project.BaseMode, lat: project.BaseLatitude, lon: project.BaseLongitude });
  if (shown.mode !== project.BaseMode || shown.lat !== project.BaseLatitude || shown.lon !== project.BaseLongitude) {
    setShown({ mode: project.BaseMode, lat: project.BaseLatitude, lon: project.BaseLongitude });
    setMode(project.BaseMode);
    setMark((m) => ({ ...m, lat: asText(project.BaseLatitude), lon: asText(project.BaseLongitude) }));
  }

  const chooseAuto = async () => {
    setMode('auto');
    setMark(emptyMark());
    setAlert(null);
    try {
      store(await setBaseMode(project._id, 'auto'));
      toast.success('Project base mode updated successfully');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update project base mode'));
    }
  };

  // Settings' MANUAL base coordinates start the boxes of a project with no base position of its own: typed there,
  // saved only by Update Base Position here (the project wins; decision 053)
  const system = useUserSettings().data?.system;
  const fromSettings =
    system?.baseStationCoordinates === 'MANUAL' && system.latitude !== null && system.longitude !== null && project.BaseLatitude === null && project.BaseLongitude === null
      ? { lat: String(system.latitude), lon: String(system.longitude) }
      : null;
  const offered = fromSettings !== null && mark.kind === 'latlon' && mark.lat === fromSettings.lat && mark.lon === fromSettings.lon;

  // Known only changes the local choice until coordinates are saved
  const chooseKnown = () => {
    setMode('known');
    setAlert(null);
    if (fromSettings && mark.lat.trim() === '' && mark.lon.trim() === '') setMark((m) => ({ ...m, kind: 'latlon', ...fromSettings }));
  };

  const refresh = () => {
    // the points of the base setup moved with it; the map, the taken points and the setups' list read them again
    void client.invalidateQueries({ queryKey: ['base-setups', project._id] });
    void client.invalidateQueries({ queryKey: ['points'] });
  };

  const apply = async (body: KnownBaseInput) => {
    setAsking(null);
    setBusy(true);
    try {
      const reply = await sendKnown(project._id, body);
      store(reply.project);
      toast.success('Project base locations updated successfully');
      refresh();
      if (reply.recomputed && reply.recomputed.Points > 0) {
        setRecomputed(reply.recomputed.Message);
        setUndoable(reply.setup?.PreviousId ? reply.setup._id : null);
      }
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update project base locations'));
    } finally {
      setBusy(false);
    }
  };

  const update = async (e: FormEvent) => {
    e.preventDefault();
    if (mode !== 'known') return setAlert(AUTO_MODE_LOCATION_MESSAGE);
    const body = bodyOf(mark);
    if (typeof body === 'string') return setAlert(body);
    setAlert(null);
    setRecomputed(null);
    setUndoable(null);
    setBusy(true);
    let preview: KnownBaseReply;
    try {
      preview = await sendKnown(project._id, { ...body, DryRun: true });
    } catch (err) {
      setBusy(false);
      return void toast.error(errorMessage(err, 'Failed to update project base locations'));
    }
    setBusy(false);
    // nothing measured from the base moves: nothing to ask
    if (!preview.recomputed || preview.recomputed.Points === 0) return apply(body);
    setAsking({ body, preview: preview.recomputed });
  };

  const undoMove = async () => {
    if (!undoable) return;
    setBusy(true);
    try {
      const reply = await undo(undoable);
      toast.success(`Undone: ${reply.message}`);
      setRecomputed(`Undone: ${reply.message}`);
      setUndoable(null);
      refresh();
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to undo the base move'));
    } finally {
      setBusy(false);
    }
  };

  const option = (value: BaseMode, label: string, Icon: typeof MapPin, onPick: () => void) => (
    <button
      type="button"
      role="radio"
      aria-checked={mode === value}
      onClick={() => mode !== value && onPick()}
      className={`flex min-h-11 flex-1 items-center justify-center gap-2 rounded-md px-3 text-sm font-semibold transition-colors ${
        mode === value ? 'bg-brand-600 text-white shadow-sm' : 'text-slate-600 hover:text-slate-900'
      }`}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {label}
    </button>
  );

  if (!can(baseSetupEndpoints.setKnownBase)) {
    // a role that may not set the base reads how it is placed
    return (
      <Panel title="Positioning Mode">
        <p className="text-sm font-semibold text-slate-900">{mode === 'known' ? 'Known Position' : 'Auto Fix'}</p>
        <p className="mt-1 text-sm text-slate-500">
          {mode === 'known' ? "Points are placed from the base's broadcast position moved to the project's known position." : 'The base position comes from the base station itself.'}
        </p>
      </Panel>
    );
  }

  return (
    <Panel title="Positioning Mode">
      <form onSubmit={(e) => void update(e)} className="flex flex-col gap-4" noValidate>
        <div role="radiogroup" aria-label="Base position mode" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {option('known', 'Known Position', MapPin, chooseKnown)}
          {option('auto', 'Auto Fix', Crosshair, () => void chooseAuto())}
        </div>
        <p className="text-sm text-slate-500">
          {mode === 'known'
            ? "Points are placed from the base's broadcast position (RTCM 1005/1006) moved to the position below; without one, by how far the live base is from it."
            : 'The base position comes from the base station itself.'}
        </p>
        <KnownMarkFields projectId={project._id} value={mark} onChange={setMark} disabled={mode !== 'known'} />
        {mode === 'known' && offered && (
          <p className="text-xs text-slate-500" data-testid="mark-from-settings">
            From Settings (Base Station Coordinates: MANUAL). This project's base is not set until you press Update Base Position.
          </p>
        )}
        {alert && (
          <p role="alert" className="error-box">
            {alert}
          </p>
        )}
        {recomputed && (
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="text-sm text-emerald-700">
              {recomputed}
            </p>
            {undoable && can(baseSetupEndpoints.undoBaseSetup) && (
              <button type="button" className="btn-secondary min-h-11" onClick={() => void undoMove()} disabled={busy}>
                Undo
              </button>
            )}
          </div>
        )}
        <div>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Updating...' : 'Update Base Position'}
          </button>
        </div>
      </form>
      {mode === 'auto' && project.BaseStation && <AutoFixSection projectId={project._id} />}
      <ConfirmDialog
        open={asking !== null}
        title="Move the base?"
        message={asking ? moveQuestion(asking.preview) : ''}
        confirmLabel={asking ? `Re-compute ${asking.preview.Points} point${asking.preview.Points === 1 ? '' : 's'}` : 'Confirm'}
        danger={false}
        busy={busy}
        onConfirm={() => asking && void apply(asking.body)}
        onCancel={() => setAsking(null)}
      />
    </Panel>
  );
}
