import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { DEFAULT_TOLERANCES, OCCUPATION_METHODS, occupationEndpoints, type MeasurementSettings, type OccupationMethod, type Tolerances } from '@smi/contracts';
import { AntennaFields, antennaProblem } from '../../../components/antenna-fields';
import { Panel } from '../../../components/panel';
import { Segmented } from '../../../components/segmented';
import type { Can } from '../../../lib/can';
import { CenteredSpinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useMeasurementSettings, useSaveMeasurementSettings } from '../../../lib/measurement-settings';

type NumberKey = Exclude<keyof Tolerances, 'allowFloat'>;

/** The tolerance fields as typed: sigmas in centimetres, the rest in their own units; an empty field is "no limit". */
const FIELDS: { key: NumberKey; label: string; scale: number; step: string; nullable: boolean; methods?: OccupationMethod[] }[] = [
  { key: 'minEpochs', label: 'Minimum epochs', scale: 1, step: '1', nullable: false },
  { key: 'minSeconds', label: 'Minimum time (s)', scale: 1, step: '1', nullable: false },
  { key: 'sigmaH', label: 'σH limit (cm)', scale: 100, step: '0.1', nullable: true },
  { key: 'sigmaV', label: 'σV limit (cm)', scale: 100, step: '0.1', nullable: true },
  { key: 'maxPdop', label: 'Max PDOP', scale: 1, step: '0.1', nullable: true },
  { key: 'minSatellites', label: 'Min satellites', scale: 1, step: '1', nullable: true },
  { key: 'maxCorrectionAge', label: 'Max correction age (s)', scale: 1, step: '0.1', nullable: true },
  { key: 'intervalS', label: 'A point every (s)', scale: 1, step: '1', nullable: true, methods: ['continuous'] },
  { key: 'intervalM', label: 'A point every (m)', scale: 1, step: '0.1', nullable: true, methods: ['continuous'] },
];

const effective = (s: MeasurementSettings, m: OccupationMethod): Tolerances => ({ ...DEFAULT_TOLERANCES[m], ...s.Tolerances[m] });

/** Why the draft cannot be saved, or null (the server checks again). */
function problemOf(s: MeasurementSettings): string | null {
  for (const m of OCCUPATION_METHODS) {
    const t = effective(s, m);
    for (const f of FIELDS) {
      const v = t[f.key];
      if (v === null ? !f.nullable : !Number.isFinite(v) || v < 0) return `${m}: ${f.label} must be a number of 0 or more${f.nullable ? ' (or empty for no limit)' : ''}.`;
    }
  }
  if (!(s.MaxPauseS >= 0) || !(s.SplitGapS >= 0)) return 'The pause and gap limits must be numbers of seconds.';
  const k = s.Stake;
  if (!(k.Horizontal >= 0) || !(k.Vertical >= 0) || !(k.Radius >= 0)) return 'Stake-out: the tolerances and the radius must be numbers of 0 or more.';
  if (!(Math.abs(k.Declination) <= 90)) return 'Stake-out: the declination must be between -90 and 90 degrees.';
  return antennaProblem(s.Antenna);
}

/**
 * A project's measurement settings (decision 021): the default method of Save in Record a Point, each method's
 * tolerances, whether RTK float may count, the pause and gap limits, the antenna, and the loss-of-fix alert.
 */
export function MeasurementPanel({ projectId, can }: { projectId: string; can: Can }) {
  const query = useMeasurementSettings(projectId);
  return (
    <Panel title="Measurement">
      {query.isPending ? (
        <CenteredSpinner label="Loading measurement settings" />
      ) : query.isError ? (
        <p role="alert" className="error-box">
          {query.error.message}
        </p>
      ) : (
        <MeasurementForm key={JSON.stringify(query.data)} projectId={projectId} stored={query.data} readOnly={!can(occupationEndpoints.putMeasurementSettings)} />
      )}
    </Panel>
  );
}

function MeasurementForm({ projectId, stored, readOnly }: { projectId: string; stored: MeasurementSettings; readOnly: boolean }) {
  const save = useSaveMeasurementSettings(projectId);
  const [draft, setDraft] = useState(stored);
  const [shown, setShown] = useState<OccupationMethod>(stored.DefaultMethod);
  const [busy, setBusy] = useState(false);
  const t = effective(draft, shown);
  const floatEverywhere = OCCUPATION_METHODS.every((m) => effective(draft, m).allowFloat);

  const setTolerance = (key: keyof Tolerances, value: Tolerances[keyof Tolerances]) =>
    setDraft((d) => ({ ...d, Tolerances: { ...d.Tolerances, [shown]: { ...d.Tolerances[shown], [key]: value } } }));
  const setFloat = (allowFloat: boolean) =>
    setDraft((d) => ({ ...d, Tolerances: Object.fromEntries(OCCUPATION_METHODS.map((m) => [m, { ...d.Tolerances[m], allowFloat }])) as MeasurementSettings['Tolerances'] }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = problemOf(draft);
    if (problem) return void toast.error(problem);
    setBusy(true);
    try {
      await save(draft);
      toast.success('Measurement settings saved');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to save the measurement settings'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} aria-label="Measurement settings">
      {/* a role that may not change the settings reads them: the fields are shown fixed and there is no Save */}
      <fieldset disabled={readOnly} className="contents">
      <div>
        <label>
          <span className="label">Save measures with</span>
          <select className="input" value={draft.DefaultMethod} onChange={(e) => setDraft({ ...draft, DefaultMethod: e.target.value as OccupationMethod })}>
            {OCCUPATION_METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <span className="mt-1 block text-xs text-slate-500">Holding the record button always takes a rapid point.</span>
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="label">Tolerances</legend>
        <div className="max-w-full overflow-x-auto">
          <Segmented label="Tolerances of the method" options={OCCUPATION_METHODS} value={shown} onChange={setShown} />
        </div>
        <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3">
          {FIELDS.filter((f) => !f.methods || f.methods.includes(shown)).map((f) => {
            const v = t[f.key];
            return (
              <label key={f.key}>
                <span className="label">{f.label}</span>
                <input
                  className="input tabular-nums"
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step={f.step}
                  placeholder={f.nullable ? 'no limit' : undefined}
                  value={v === null || Number.isNaN(v) ? '' : +(v * f.scale).toFixed(6)}
                  onChange={(e) => {
                    const text = e.target.value.trim();
                    setTolerance(f.key, text === '' ? (f.nullable ? null : Number.NaN) : Number(text) / f.scale);
                  }}
                />
              </label>
            );
          })}
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-5 w-5" checked={floatEverywhere} onChange={(e) => setFloat(e.target.checked)} />
          Allow RTK float (every point so measured is flagged)
        </label>
      </fieldset>

      <div className="grid grid-cols-2 items-end gap-3">
        <label>
          <span className="label">Pause limit (s)</span>
          <input className="input tabular-nums" type="number" min="0" step="1" value={Number.isNaN(draft.MaxPauseS) ? '' : draft.MaxPauseS} onChange={(e) => setDraft({ ...draft, MaxPauseS: e.target.value === '' ? Number.NaN : Number(e.target.value) })} />
        </label>
        <label>
          <span className="label">Split gap (s)</span>
          <input className="input tabular-nums" type="number" min="0" step="1" value={Number.isNaN(draft.SplitGapS) ? '' : draft.SplitGapS} onChange={(e) => setDraft({ ...draft, SplitGapS: e.target.value === '' ? Number.NaN : Number(e.target.value) })} />
        </label>
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="label">Stake-out</legend>
        <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3">
          {(
            [
              ['Horizontal', 'Tolerance horizontal (m)', '0.001'],
              ['Vertical', 'Tolerance vertical (m)', '0.001'],
              ['Radius', 'Near radius (m)', '0.1'],
              ['Declination', 'Magnetic declination (° east)', '0.1'],
            ] as const
          ).map(([key, label, step]) => (
            <label key={key}>
              <span className="label">{label}</span>
              <input
                className="input tabular-nums"
                type="number"
                inputMode="decimal"
                step={step}
                value={Number.isNaN(draft.Stake[key]) ? '' : draft.Stake[key]}
                onChange={(e) => setDraft({ ...draft, Stake: { ...draft.Stake, [key]: e.target.value.trim() === '' ? Number.NaN : Number(e.target.value) } })}
              />
            </label>
          ))}
        </div>
        <p className="text-xs text-slate-500">
          A phone's compass points to magnetic north. The declination (east positive, west negative) turns it to true north for the stake-out screen's compass orientation; 0 takes the compass as pointing to true north.
        </p>
      </fieldset>

      <fieldset>
        <legend className="label">Antenna (each occupation may change it)</legend>
        <AntennaFields idPrefix="project-antenna" full value={draft.Antenna} onChange={(Antenna) => setDraft({ ...draft, Antenna })} />
      </fieldset>

      <fieldset className="flex flex-col gap-1">
        <legend className="label">When the rover loses RTK fixed or corrections go stale</legend>
        <p className="text-xs text-slate-500">The survey map always shows it; these add a sound and a vibration where the browser allows.</p>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-5 w-5" checked={draft.Alerts.Sound} onChange={(e) => setDraft({ ...draft, Alerts: { ...draft.Alerts, Sound: e.target.checked } })} />
          Sound (beep)
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-5 w-5" checked={draft.Alerts.Vibration} onChange={(e) => setDraft({ ...draft, Alerts: { ...draft.Alerts, Vibration: e.target.checked } })} />
          Vibration
        </label>
      </fieldset>

      </fieldset>
      {!readOnly && (
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save measurement settings'}
          </button>
        </div>
      )}
    </form>
  );
}
