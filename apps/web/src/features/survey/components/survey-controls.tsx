import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { pointEndpoints, type MeasurementSettings, type ProjectStatus, type ProjectView } from '@smi/contracts';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { uploadPhotos } from '../../../lib/photos';
import type { Can } from '../../../lib/can';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { DistanceUnit } from '../../../lib/distance';
import { useAutoSave } from '../hooks/use-auto-save';
import { isActive, useMeasure } from '../hooks/use-measure';
import { readPending } from '../rules/pending-occupation';
import { defaultDevice, defaultPointName, defaultSection, lastPointName } from '../rules/record-defaults';
import { type RecordSample, type RoverView } from '../survey-model';
import { failureText } from './occupation-progress';
import { MapButtons } from './map-buttons';
import { carriedCode } from './code-fields';
import { rememberCodes, useProjectCodeList } from '../api/feature-codes';
import { RecordPointDialog, type RecordDraft } from './record-point-dialog';

interface Props {
  project: ProjectView;
  points: { _id: string; Name: string; Number?: number; Created_On: string; Latitude?: number; Longitude?: number; RecordedBy?: { Id: string | null } }[];
  rovers: RoverView[];
  sampleFor: (rover: RoverView | undefined) => RecordSample;
  /** The project's measurement settings: Save starts its default method on the server, the hold a rapid one. */
  measurement: MeasurementSettings;
  unit: DistanceUnit;
  /** A point the server measured was stored: the list is read again. */
  onMeasured: () => Promise<unknown>;
  onDiscard: (pointId: string) => Promise<void>;
  onAddSection: (name: string) => Promise<boolean>;
  onFilter: () => void;
  onRecentre?: () => void;
  /** The survey's status (Active when missing): a paused or completed one is resumed, after asking, before recording. */
  surveyStatus?: ProjectStatus;
  onResume?: () => Promise<boolean>;
  /** The signed-in user's check: Record is drawn for a role that may record, Discard when the last point may be deleted. */
  can: Can;
}

/** What recording in a survey that is not active asks first. */
export const RESUME_ASK: Record<Exclude<ProjectStatus, 'Active'>, { title: string; message: string; confirm: string }> = {
  Paused: { title: 'Survey paused', message: 'This survey is paused. Resume it to record a point?', confirm: 'Resume and record' },
  Completed: { title: 'Survey completed', message: 'This survey is completed. Reopen it to record another point?', confirm: 'Reopen and record' },
};

/** The round buttons and the two dialogs they open (Record a Point, Confirm Action), plus press-and-hold saving. */
export function SurveyControls({ project, points, rovers, sampleFor, measurement, unit, onMeasured, onDiscard, onAddSection, onFilter, onRecentre, surveyStatus = 'Active', onResume, can }: Props) {
  const [asking, setAsking] = useState(false);
  const [resuming, setResuming] = useState(false);
  // a reload during a measurement opens the dialog on its progress (or its outcome)
  const [recordOpen, setRecordOpen] = useState(() => readPending(project._id)?.id != null);
  const [discarding, setDiscarding] = useState<{ _id: string; Name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [lastSection, setLastSection] = useState<string | null>(null);
  // the next shot starts with this shot's codes (its control codes dropped): one tap for the next point of a line
  const [lastCode, setLastCode] = useState('');
  const codeList = useProjectCodeList(project._id).data;

  const measure = useMeasure(project._id);
  const occupation = measure.occupation;
  // every point is measured on the server, known-base mode too: the server applies the known base to the occupation
  // (decision 023: known + vector from the broadcast position, else the known - live base NMEA rule; decision 028)

  // the photos picked for the shot being measured: added to its point once the occupation stores it
  const pendingPhotos = useRef<File[]>([]);

  const record = async (draft: RecordDraft) => {
    pendingPhotos.current = draft.photos ?? [];
    try {
      await measure.start({
        deviceId: draft.rover.id,
        method: draft.method,
        name: draft.name,
        section: draft.section,
        antenna: draft.antenna,
        code: draft.code,
        attributes: draft.attributes,
        note: draft.note,
      });
    } catch (err) {
      toast.error(err instanceof ApiError && err.status > 0 ? (serverMessage(err) ?? 'Failed to record point.') : 'Error recording point.');
      throw err;
    }
    setLastSection(draft.section);
    const carried = carriedCode(draft.code, codeList);
    setLastCode(carried);
    if (carried) rememberCodes(project._id, carried.split(/\s+/));
  };

  // the outcome, however it arrives (socket event, the re-read after a drop or a reload), is said once
  const status = occupation?.Status;
  useEffect(() => {
    if (!occupation || isActive(occupation)) return;
    const id = occupation._id;
    if (occupation.Status === 'done') {
      toast.success('Point recorded successfully.', { toastId: `done-${id}` });
      const photos = pendingPhotos.current;
      pendingPhotos.current = [];
      const pointId = occupation.PointId;
      if (photos.length && pointId)
        void uploadPhotos(project._id, pointId, photos).then((failed) => {
          for (const message of failed) toast.error(`Photo not added: ${message}`);
          if (failed.length < photos.length) toast.success(photos.length - failed.length === 1 ? 'Photo added to the point' : `${photos.length - failed.length} photos added to the point`);
          return onMeasured();
        });
      void onMeasured();
      measure.finish();
      setRecordOpen(false);
    } else if (occupation.Status === 'cancelled') {
      toast.info('Measurement cancelled.', { toastId: `cancelled-${id}` });
      measure.finish();
      setRecordOpen(false);
    } else if (!recordOpen) {
      toast.error(`Point not recorded: ${failureText(occupation)}`, { toastId: `failed-${id}` });
      measure.finish();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per outcome
  }, [status, occupation?._id]);

  const pointNames = useMemo(() => points.map((p) => p.Name), [points]);
  const lastName = useMemo(() => lastPointName(points), [points]);

  // press-and-hold: the defaults of the dialog, recorded as soon as there is a position to record
  const holdRover = defaultDevice(rovers);
  const holdSample = holdRover ? sampleFor(holdRover) : null;
  const holdDraft: RecordDraft | null =
    holdRover && holdSample?.position
      ? {
          name: defaultPointName(points.length, pointNames, lastName),
          section: defaultSection(project.Sections, lastSection),
          rover: holdRover,
          sample: holdSample,
          // the code the last shot carried: press-and-hold shoots the next point of the same line
          code: lastCode,
          attributes: {},
          note: '',
          // the hold is the quick shot: one fixed epoch measured by the server
          method: 'rapid' as const,
          antenna: measurement.Antenna,
        }
      : null;
  const auto = useAutoSave(holdDraft, record);

  const lastPoint = points.reduce<(typeof points)[number] | null>((a, p) => (!a || p.Created_On > a.Created_On ? p : a), null);
  const mayRecord = can(pointEndpoints.recordPoint);
  const mayDiscard = lastPoint ? can(pointEndpoints.deletePoint, lastPoint.RecordedBy?.Id ?? null) : can(pointEndpoints.deletePoint);
  const askDiscard = () => {
    const last = lastPoint;
    if (!last) return void toast.info('No recorded point to discard.');
    setDiscarding(last);
  };

  // a paused or completed survey is not recorded into silently: resume it first (the server keeps the status)
  const gate = (then: () => void) => () => {
    if (surveyStatus === 'Active' || !onResume) return then();
    setAsking(true);
  };
  const resumeAndRecord = async () => {
    if (!onResume || resuming) return;
    setResuming(true);
    try {
      if (await onResume()) setRecordOpen(true);
    } finally {
      setResuming(false);
      setAsking(false);
    }
  };
  const ask = surveyStatus === 'Active' ? null : RESUME_ASK[surveyStatus];

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
          onReverse={mayDiscard ? askDiscard : undefined}
          onRecord={mayRecord ? gate(() => setRecordOpen(true)) : undefined}
          onHoldRecord={gate(() => {
            if (rovers.length === 0) return void toast.error('No client devices connected. Please connect a device first.');
            auto.start();
          })}
          recording={auto.busy}
          measuring={isActive(occupation)}
          onRecentre={onRecentre}
        />
      </div>
      <RecordPointDialog
        open={recordOpen && !auto.busy && !measure.loading}
        onClose={() => {
          if (occupation && !isActive(occupation)) measure.finish();
          setRecordOpen(false);
        }}
        rovers={rovers}
        sampleFor={sampleFor}
        sections={project.Sections}
        lastSection={lastSection}
        pointCount={points.length}
        pointNames={pointNames}
        lastName={lastName}
        unit={unit}
        projectId={project._id}
        onAddSection={onAddSection}
        onSave={record}
        lastCode={lastCode}
        measurement={measurement}
        occupation={occupation}
        onAccept={async () => {
          try {
            await measure.accept();
          } catch (err) {
            toast.error(serverMessage(err) ?? 'Failed to store the point.');
          }
        }}
        onCancelOccupation={async () => {
          try {
            await measure.cancel();
          } catch (err) {
            toast.error(serverMessage(err) ?? 'Failed to cancel the measurement.');
          }
        }}
        onRetry={measure.finish}
      />
      <ConfirmDialog
        open={asking && ask !== null}
        title={ask?.title ?? ''}
        message={ask?.message ?? ''}
        confirmLabel={ask?.confirm}
        danger={false}
        busy={resuming}
        onConfirm={() => void resumeAndRecord()}
        onCancel={() => setAsking(false)}
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
