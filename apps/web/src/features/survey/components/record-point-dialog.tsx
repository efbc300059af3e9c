import { useRef, useState, type FormEvent } from 'react';
import { OCCUPATION_METHODS, pointNameTaken, type AntennaSetupInput, type MeasurementSettings, type OccupationMethod, type OccupationView } from '@smi/contracts';
import { AntennaFields, antennaProblem, antennaSummary } from '../../../components/antenna-fields';
import { toast } from 'react-toastify';
import { Modal } from '../../../components/modal';
import type { DistanceUnit } from '../../../lib/distance';
import { formatAge } from '../../../lib/format';
import { defaultDevice, defaultPointName, defaultSection, isNameTaken } from '../rules/record-defaults';
import type { RecordSample, RoverView } from '../survey-model';
import { OccupationProgress } from './occupation-progress';
import { PHONE_OFFLINE } from '../../../components/position-quality';
import { SampleSummary } from './sample-summary';
import { SectionSelect } from './section-select';
import { StoredCoordinate } from './stored-coordinate';
import { attributesBody, CodeFields, codesOf, type AttributeInput } from './code-fields';
import { recentCodes, useProjectCodeList } from '../api/feature-codes';
import { PhotoPicker } from '../../../components/photo-picker';

export interface RecordDraft {
  name: string;
  section: string;
  rover: RoverView;
  sample: RecordSample;
  /** how the server measures it (decision 028: every Save starts an occupation) */
  method: OccupationMethod;
  antenna: AntennaSetupInput;
  /** the feature code string, its attribute values by code and attribute name, and a note (decision 057) */
  code: string;
  attributes: Record<string, Record<string, string>>;
  note: string;
  /** photos to add to the point once it is stored (decision 067); absent: none */
  photos?: File[];
}

export const METHOD_WORDS: Record<OccupationMethod, string> = {
  rapid: 'Rapid (1 epoch)',
  topo: 'Topo (averaged, seconds)',
  control: 'Control (3 min or more)',
  continuous: 'Continuous (while walking)',
};

export const NO_DEVICES = 'No client devices connected. Please connect a device first.';
export const NO_SENSOR_DATA = 'No sensor data available to record a point.';

interface Props {
  open: boolean;
  onClose: () => void;
  rovers: RoverView[];
  sampleFor: (rover: RoverView | undefined) => RecordSample;
  sections: string[];
  lastSection: string | null;
  pointCount: number;
  /** The names of the project's points: the default name avoids them, a typed one that repeats them is refused. */
  pointNames?: string[];
  /** The name of the point made last: the default name continues its number. */
  lastName?: string | null;
  unit: DistanceUnit;
  /** The project: its coordinate system's grid coordinate is shown (decision 024). */
  projectId?: string;
  onAddSection: (name: string) => Promise<boolean>;
  /** Records the point; resolves when it is stored (the caller says so and closes), rejects when it is not. */
  onSave: (draft: RecordDraft) => Promise<void>;
  /** The project's measurement settings (decision 028): the server measures the point, its method and antenna are asked. */
  measurement: MeasurementSettings;
  /** The occupation measuring the point now (or failed and not yet dismissed): the dialog shows its progress. */
  occupation?: OccupationView | null;
  onAccept?: () => Promise<unknown>;
  onCancelOccupation?: () => Promise<unknown>;
  /** A failed occupation seen: back to the form for another try. */
  onRetry?: () => void;
  /** The code the last shot of this project carried, without its control codes: the next shot starts with it. */
  lastCode?: string;
}

/** Record a Point: name (P{n+1}), section, device, the live accuracy; Save needs sensor data. */
export function RecordPointDialog(props: Props) {
  return props.open ? <RecordForm {...props} /> : null;
}

function waitingText(sample: RecordSample, rover: RoverView | undefined): string {
  const age = sample.fixAgeMs !== null ? formatAge(sample.fixAgeMs) : null;
  switch (sample.notReady) {
    case 'offline':
      return `${PHONE_OFFLINE}: nothing from the rovers reaches it now. Recording is possible again once it reconnects.`;
    case 'stale-fix':
      return `${rover?.name ?? 'The rover'} has not sent a fix for ${age}: its last position is stale and cannot be recorded.`;
    case 'no-base':
      return 'Waiting for the base station to correct the position…';
    case 'stale-base':
      return 'The base station has no fresh fix: the known-base correction cannot be made.';
    default:
      return 'Waiting for sensor data from the rover…';
  }
}

function RecordForm(props: Props) {
  const { occupation } = props;
  // the form stays mounted under the progress: a failed measurement goes back to what was typed
  return (
    <>
      <RecordFields {...props} hidden={!!occupation} />
      {occupation && <OccupationStep {...props} occupation={occupation} />}
    </>
  );
}

function OccupationStep({ occupation, rovers, onClose, unit, onAccept, onCancelOccupation, onRetry }: Props & { occupation: OccupationView }) {
  const rover = rovers.find((r) => r.code === occupation.DeviceCode);
  const [busy, setBusy] = useState<'accept' | 'cancel' | null>(null);
  const run = (which: 'accept' | 'cancel', action?: () => Promise<unknown>) => async () => {
    if (!action || busy) return;
    setBusy(which);
    try {
      await action();
    } catch {
      // the caller has said what went wrong
    } finally {
      setBusy(null);
    }
  };
  const active = occupation.Status === 'running' || occupation.Status === 'paused';
  // a continuous run has stored its points as it went: the button ends it, it accepts nothing
  const continuous = occupation.Method === 'continuous';
  const footer = active ? (
    <>
      <button type="button" className="btn-secondary" onClick={() => void run('cancel', onCancelOccupation)()} disabled={busy !== null}>
        {busy === 'cancel' ? 'Cancelling...' : 'Cancel'}
      </button>
      <button
        type="button"
        className="btn-primary"
        onClick={() => void run('accept', onAccept)()}
        disabled={busy !== null || occupation.Progress.epochsUsed === 0}
        title={continuous ? 'Stop the run: the points stored so far are kept' : 'Stop now and store the point from the epochs so far (flagged stopped early)'}
      >
        {busy === 'accept' ? (continuous ? 'Stopping...' : 'Storing...') : continuous ? 'Stop' : 'Accept'}
      </button>
    </>
  ) : (
    <>
      <button type="button" className="btn-secondary" onClick={onClose}>
        Close
      </button>
      <button type="button" className="btn-primary" onClick={onRetry}>
        Try again
      </button>
    </>
  );
  return (
    // closing while it runs only hides it: the server keeps measuring and the record button shows it again
    <Modal open title="Record a Point" onClose={onClose} footer={footer}>
      <p className="mb-3 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{occupation.Name || 'Unnamed Point'}</span> · {occupation.Section} · {rover && rover.name !== 'N/A' ? rover.name : occupation.DeviceCode}
      </p>
      <OccupationProgress occupation={occupation} unit={unit} />
    </Modal>
  );
}

function RecordFields({ onClose, rovers, sampleFor, sections, lastSection, pointCount, pointNames = [], lastName, unit, projectId, onAddSection, onSave, measurement, hidden, lastCode = '' }: Props & { hidden: boolean }) {
  const codeList = useProjectCodeList(projectId).data;
  const [featureCode, setFeatureCode] = useState(lastCode);
  const [attributes, setAttributes] = useState<AttributeInput>({});
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [name, setName] = useState(() => defaultPointName(pointCount, pointNames, lastName));
  const [section, setSection] = useState(() => defaultSection(sections, lastSection));
  const [code, setCode] = useState(() => defaultDevice(rovers)?.code ?? rovers[0]?.code ?? '');
  const [saving, setSaving] = useState(false);
  const [method, setMethod] = useState<OccupationMethod>(() => measurement.DefaultMethod);
  const [antenna, setAntenna] = useState<AntennaSetupInput>(() => measurement.Antenna);
  const [editAntenna, setEditAntenna] = useState(false);
  const nameField = useRef<HTMLInputElement>(null);
  const rover = rovers.find((r) => r.code === code);
  const sample = sampleFor(rover);
  const ready = !!rover && sample.position !== null && sample.reading !== null;
  const duplicate = isNameTaken(name, pointNames);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!rover || saving) return;
    // the fix can go stale between the last render and this press
    if (!ready) return void toast.error(NO_SENSOR_DATA);
    if (duplicate) return void nameField.current?.focus();
    const problem = antennaProblem(antenna);
    if (problem) return void toast.error(problem);
    setSaving(true);
    try {
      await onSave({ name, section, rover, sample, method, antenna, code: featureCode.trim(), attributes: attributesBody(attributes, codesOf(featureCode, codeList)), note: note.trim(), photos });
    } catch {
      // the caller has said what went wrong; the dialog stays for another try
    } finally {
      setSaving(false);
    }
  };

  const footer = (
    <>
      <button type="button" className="btn-secondary" onClick={onClose}>
        Discard
      </button>
      <button type="submit" form="record-point" className="btn-primary" disabled={!ready || saving || duplicate}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </>
  );

  if (hidden) return null;
  return (
    <Modal open title="Record a Point" onClose={onClose} footer={rovers.length ? footer : undefined} initialFocus={rovers.length ? nameField : undefined}>
      {rovers.length === 0 ? (
        <p role="alert" className="error-box">
          {NO_DEVICES}
        </p>
      ) : (
        <form id="record-point" className="flex flex-col gap-4" onSubmit={(e) => void save(e)}>
          {/* Enter in any field saves, as the footer's Save does (the form has several text fields now) */}
          <button type="submit" hidden disabled={!ready || saving || duplicate} tabIndex={-1} aria-hidden="true" />
          <SampleSummary sample={sample} unit={unit} />
          {ready ? (
            <StoredCoordinate
              // the server reduces the antenna and places the point under the base setup in force, as it will store it
              reading={sample.reading!}
              antenna={Number.isFinite(antenna.Height) && !antennaProblem(antenna) ? antenna : null}
              projectId={projectId}
            />
          ) : (
            <div role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="record-not-ready">
              {(sample.notReady === 'stale-fix' || sample.notReady === 'offline') && <p className="font-semibold">{NO_SENSOR_DATA}</p>}
              <p>{waitingText(sample, rover)}</p>
            </div>
          )}
          <div>
            <label>
              <span className="label">Point name</span>
              <input
                ref={nameField}
                className="input"
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={200}
                enterKeyHint="done"
                aria-invalid={duplicate || undefined}
                aria-describedby={duplicate ? 'record-name-taken' : undefined}
              />
            </label>
            {duplicate && (
              <span id="record-name-taken" role="alert" className="mt-1 block text-xs font-medium text-red-700">
                {pointNameTaken(name.trim())}
              </span>
            )}
          </div>
          <CodeFields
            list={codeList}
            recent={projectId ? recentCodes(projectId) : []}
            code={featureCode}
            onCode={setFeatureCode}
            attributes={attributes}
            onAttributes={setAttributes}
            note={note}
            onNote={setNote}
          />
          <PhotoPicker files={photos} onChange={setPhotos} onRefused={(m) => toast.error(m)} />
          <SectionSelect sections={sections} value={section} onChange={setSection} onAdd={onAddSection} />
          <label>
            <span className="label">Client device</span>
            <select className="input" value={code} onChange={(e) => setCode(e.target.value)}>
              {rovers.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name} ({r.code})
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="label">Method</span>
            <select className="input" value={method} onChange={(e) => setMethod(e.target.value as OccupationMethod)}>
              {OCCUPATION_METHODS.map((m) => (
                <option key={m} value={m}>
                  {METHOD_WORDS[m]}
                </option>
              ))}
            </select>
          </label>
          <div>
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm text-slate-700">
                <span className="font-medium text-slate-600">Antenna </span>
                <span className="font-semibold text-slate-900" data-testid="record-antenna">
                  {Number.isFinite(antenna.Height) ? antennaSummary(antenna) : 'height missing'}
                </span>
              </span>
              <button type="button" className="text-sm font-semibold text-blue-700 underline-offset-2 hover:underline" onClick={() => setEditAntenna((v) => !v)} aria-expanded={editAntenna}>
                {editAntenna ? 'Done' : 'Change'}
              </button>
            </div>
            {editAntenna && (
              <div className="mt-2">
                <AntennaFields idPrefix="record-antenna" value={antenna} onChange={setAntenna} />
              </div>
            )}
          </div>
        </form>
      )}
    </Modal>
  );
}
