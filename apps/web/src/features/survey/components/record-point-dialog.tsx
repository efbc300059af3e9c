import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import type { DistanceUnit } from '../../../lib/distance';
import { defaultDevice, defaultPointName, defaultSection } from '../rules/record-defaults';
import type { RecordSample, RoverView } from '../survey-model';
import { SampleSummary } from './sample-summary';
import { SectionSelect } from './section-select';

export interface RecordDraft {
  name: string;
  section: string;
  rover: RoverView;
  sample: RecordSample;
}

export const NO_DEVICES = 'No client devices connected. Please connect a device first.';

interface Props {
  open: boolean;
  onClose: () => void;
  rovers: RoverView[];
  sampleFor: (rover: RoverView | undefined) => RecordSample;
  sections: string[];
  lastSection: string | null;
  pointCount: number;
  unit: DistanceUnit;
  onAddSection: (name: string) => Promise<boolean>;
  /** Records the point; resolves when it is stored (the caller says so and closes), rejects when it is not. */
  onSave: (draft: RecordDraft) => Promise<void>;
}

/** Record a Point: name (P{n+1}), section, device, the live accuracy; Save needs sensor data. */
export function RecordPointDialog(props: Props) {
  return props.open ? <RecordForm {...props} /> : null;
}

function RecordForm({ onClose, rovers, sampleFor, sections, lastSection, pointCount, unit, onAddSection, onSave }: Props) {
  const [name, setName] = useState(() => defaultPointName(pointCount));
  const [section, setSection] = useState(() => defaultSection(sections, lastSection));
  const [code, setCode] = useState(() => defaultDevice(rovers)?.code ?? rovers[0]?.code ?? '');
  const [saving, setSaving] = useState(false);
  const rover = rovers.find((r) => r.code === code);
  const sample = sampleFor(rover);
  const ready = !!rover && sample.position !== null;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!rover || saving) return;
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
    <Modal open title="Record a Point" onClose={onClose} footer={rovers.length ? footer : undefined}>
      {rovers.length === 0 ? (
        <p role="alert" className="error-box">
          {NO_DEVICES}
        </p>
      ) : (
        <form id="record-point" className="flex flex-col gap-4" onSubmit={(e) => void save(e)}>
          <SampleSummary sample={sample} unit={unit} />
          {!ready && (
            <p role="status" className="text-sm text-amber-700">
              {rover?.fix ? 'Waiting for the base station to correct the position…' : 'Waiting for sensor data from the rover…'}
            </p>
          )}
          <label>
            <span className="label">Point name</span>
            <input className="input" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
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
