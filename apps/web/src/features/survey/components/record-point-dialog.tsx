import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Modal } from '../../../components/modal';
import type { DistanceUnit } from '../../../lib/distance';
import { formatAge } from '../../../lib/format';
import type { Position } from '../rules/known-base';
import { defaultDevice, defaultPointName, defaultSection, isNameTaken } from '../rules/record-defaults';
import type { RecordSample, RoverView } from '../survey-model';
import { SampleSummary } from './sample-summary';
import { SectionSelect } from './section-select';
import { StoredCoordinate } from './stored-coordinate';

export interface RecordDraft {
  name: string;
  section: string;
  rover: RoverView;
  sample: RecordSample;
}

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
  /** The names of the project's points: the default name avoids them, a typed one that repeats them is warned about. */
  pointNames?: string[];
  /** The mean of the project's points: the UTM zone the exports will use (else the position's own). */
  zoneFrom?: Position | null;
  unit: DistanceUnit;
  /** The project: its coordinate system's grid coordinate is shown (issue 20). */
  projectId?: string;
  onAddSection: (name: string) => Promise<boolean>;
  /** Records the point; resolves when it is stored (the caller says so and closes), rejects when it is not. */
  onSave: (draft: RecordDraft) => Promise<void>;
}

/** Record a Point: name (P{n+1}), section, device, the live accuracy; Save needs sensor data. */
export function RecordPointDialog(props: Props) {
  return props.open ? <RecordForm {...props} /> : null;
}

function waitingText(sample: RecordSample, rover: RoverView | undefined): string {
  const age = sample.fixAgeMs !== null ? formatAge(sample.fixAgeMs) : null;
  switch (sample.notReady) {
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

function RecordForm({ onClose, rovers, sampleFor, sections, lastSection, pointCount, pointNames = [], zoneFrom, unit, projectId, onAddSection, onSave }: Props) {
  const [name, setName] = useState(() => defaultPointName(pointCount, pointNames));
  const [section, setSection] = useState(() => defaultSection(sections, lastSection));
  const [code, setCode] = useState(() => defaultDevice(rovers)?.code ?? rovers[0]?.code ?? '');
  const [saving, setSaving] = useState(false);
  const nameField = useRef<HTMLInputElement>(null);
  const rover = rovers.find((r) => r.code === code);
  const sample = sampleFor(rover);
  const ready = !!rover && sample.position !== null;
  const duplicate = isNameTaken(name, pointNames);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!rover || saving) return;
    // the fix can go stale between the last render and this press
    if (!ready) return void toast.error(NO_SENSOR_DATA);
    setSaving(true);
    try {
      await onSave({ name, section, rover, sample });
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
      <button type="submit" form="record-point" className="btn-primary" disabled={!ready || saving}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </>
  );

  return (
    <Modal open title="Record a Point" onClose={onClose} footer={rovers.length ? footer : undefined} initialFocus={rovers.length ? nameField : undefined}>
      {rovers.length === 0 ? (
        <p role="alert" className="error-box">
          {NO_DEVICES}
        </p>
      ) : (
        <form id="record-point" className="flex flex-col gap-4" onSubmit={(e) => void save(e)}>
          <SampleSummary sample={sample} unit={unit} />
          {ready ? (
            <StoredCoordinate
              position={sample.position!}
              altitude={sample.altitude}
              zoneFrom={zoneFrom ?? null}
              unit={unit}
              projectId={projectId}
              ellipsoidalHeight={sample.ellipsoidalHeight}
            />
          ) : (
            <div role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="record-not-ready">
              {sample.notReady === 'stale-fix' && <p className="font-semibold">{NO_SENSOR_DATA}</p>}
              <p>{waitingText(sample, rover)}</p>
            </div>
          )}
          <label>
            <span className="label">Point name</span>
            <input
              ref={nameField}
              className="input"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={200}
              enterKeyHint="done"
              aria-describedby={duplicate ? 'record-name-taken' : undefined}
            />
            {duplicate && (
              <span id="record-name-taken" role="status" className="mt-1 block text-xs text-amber-700">
                Another point is already named “{name.trim()}”. It will be saved anyway.
              </span>
            )}
          </label>
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
        </form>
      )}
    </Modal>
  );
}
