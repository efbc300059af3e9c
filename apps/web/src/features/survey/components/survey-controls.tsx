import { useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import type { ProjectView } from '@smi/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { DistanceUnit } from '../../../lib/distance';
import { useAutoSave } from '../hooks/use-auto-save';
import { defaultDevice, defaultPointName, defaultSection } from '../rules/record-defaults';
import type { RecordSample, RoverView } from '../survey-model';
import { MapButtons } from './map-buttons';
import { RecordPointDialog, type RecordDraft } from './record-point-dialog';

interface Props {
  project: ProjectView;
  points: { _id: string; Name: string; Created_On: string; Latitude?: number; Longitude?: number }[];
  rovers: RoverView[];
  sampleFor: (rover: RoverView | undefined) => RecordSample;
  unit: DistanceUnit;
  onRecord: (draft: RecordDraft) => Promise<void>;
  onDiscard: (pointId: string) => Promise<void>;
  onAddSection: (name: string) => Promise<boolean>;
  onFilter: () => void;
  onRecentre?: () => void;
}

/** The round buttons and the two dialogs they open (Record a Point, Confirm Action), plus press-and-hold saving. */
export function SurveyControls({ project, points, rovers, sampleFor, unit, onRecord, onDiscard, onAddSection, onFilter, onRecentre }: Props) {
  const [recordOpen, setRecordOpen] = useState(false);
  const [discarding, setDiscarding] = useState<{ _id: string; Name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [lastSection, setLastSection] = useState<string | null>(null);

  const record = async (draft: RecordDraft) => {
    await onRecord(draft);
    setLastSection(draft.section);
    setRecordOpen(false);
  };

  const pointNames = useMemo(() => points.map((p) => p.Name), [points]);
  // the exports put every point in the UTM zone of the points' mean: the dialog shows the grid coordinate in that one
  const zoneFrom = useMemo(() => {
    const located = points.filter((p) => typeof p.Latitude === 'number' && typeof p.Longitude === 'number');
    if (!located.length) return null;
    return {
      latitude: located.reduce((s, p) => s + p.Latitude!, 0) / located.length,
      longitude: located.reduce((s, p) => s + p.Longitude!, 0) / located.length,
    };
  }, [points]);

  // press-and-hold: the defaults of the dialog, recorded as soon as there is a position to record
  const holdRover = defaultDevice(rovers);
  const holdSample = holdRover ? sampleFor(holdRover) : null;
  const holdDraft: RecordDraft | null =
    holdRover && holdSample?.position
      ? { name: defaultPointName(points.length, pointNames), section: defaultSection(project.Sections, lastSection), rover: holdRover, sample: holdSample }
      : null;
  const auto = useAutoSave(holdDraft, record);

  const askDiscard = () => {
    const last = points.reduce<(typeof points)[number] | null>((a, p) => (!a || p.Created_On > a.Created_On ? p : a), null);
    if (!last) return void toast.info('No recorded point to discard.');
    setDiscarding(last);
  };

  const discard = async () => {
    if (!discarding) return;
    setBusy(true);
    try {
      await onDiscard(discarding._id);
    } finally {
      setBusy(false);
      setDiscarding(null);
    }
  };

  return (
    <>
      <div className="pointer-events-none absolute bottom-6 right-3 z-[1000] sm:right-5">
        <MapButtons
          onFilter={onFilter}
          onReverse={askDiscard}
          onRecord={() => setRecordOpen(true)}
          onHoldRecord={() => {
            if (rovers.length === 0) return void toast.error('No client devices connected. Please connect a device first.');
            auto.start();
          }}
          recording={auto.busy}
          onRecentre={onRecentre}
        />
      </div>
      <RecordPointDialog
        open={recordOpen && !auto.busy}
        onClose={() => setRecordOpen(false)}
        rovers={rovers}
        sampleFor={sampleFor}
        sections={project.Sections}
        lastSection={lastSection}
        pointCount={points.length}
        pointNames={pointNames}
        zoneFrom={zoneFrom}
        unit={unit}
        projectId={project._id}
        onAddSection={onAddSection}
        onSave={record}
      />
      <ConfirmDialog
        open={discarding !== null}
        title="Confirm Action"
        message={discarding ? `Discard the last recorded point “${discarding.Name || 'Unnamed Point'}”?` : ''}
        confirmLabel="Discard"
        busy={busy}
        onConfirm={() => void discard()}
        onCancel={() => setDiscarding(null)}
      />
    </>
  );
}
