import type { AntennaSetupInput, BaseCorrection, RecordPreviewReply } from '@smi/contracts';
import { formatCoordinate } from '../../../lib/format';
import { withUnit } from '../../../lib/grid';
import { useRecordPreview, type RoverReading } from '../api/record-preview';

/** How a known-base point was corrected, as the dialog and the map's status say it (decision 023). */
export const CORRECTION_TEXT: Record<Exclude<BaseCorrection, 'none'>, string> = {
  broadcast: 'Known base: corrected from the position the base broadcasts (RTCM 1005/1006).',
  'base-nmea': "Corrected from the base's NMEA position: the base has broadcast no 1005/1006 position (metres of NMEA noise may be in it).",
};

const SETUP_WORDS: Record<NonNullable<RecordPreviewReply['Setup']>['Source'], string> = {
  rtcm: 'the position the base broadcasts',
  'auto-fix': 'the Auto Fix position',
  known: 'the known base position',
  control: 'a control point',
};

interface Props {
  /** The rover's reading as its receiver reports it */
  reading: RoverReading;
  /** The antenna set-up the point will be measured with; null while it cannot be reduced (the height missing) */
  antenna: AntennaSetupInput | null;
  projectId?: string;
}

/**
 * The coordinate Save will store, exactly: computed by the server with the code that stores the point (the base
 * setup in force, the antenna reduction) and given in the project's coordinates, its CRS and height named.
 */
export function StoredCoordinate({ reading, antenna, projectId }: Props) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2 text-xs text-slate-600" data-testid="stored-coordinate">
      <p className="mb-1 font-semibold text-slate-800">Will be stored as</p>
      {projectId ? <Preview reading={reading} antenna={antenna} projectId={projectId} /> : <LatLon latitude={reading.latitude} longitude={reading.longitude} />}
    </div>
  );
}

function LatLon({ latitude, longitude }: { latitude: number; longitude: number }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 tabular-nums">
      <dt>Lat, Lon</dt>
      <dd className="font-semibold text-slate-800" data-testid="stored-latlon">
        {formatCoordinate(latitude)}, {formatCoordinate(longitude)}
      </dd>
    </dl>
  );
}

function Preview({ reading, antenna, projectId }: Props & { projectId: string }) {
  const q = useRecordPreview(projectId, reading, antenna);
  const p = q.data;
  if (!antenna) return <p data-testid="stored-waiting">The antenna height is missing: the point's height cannot be worked out.</p>;
  if (!p) return <p data-testid="stored-waiting">{q.isError ? 'The stored coordinate could not be worked out.' : 'Working out the stored coordinate…'}</p>;
  const { frame, coordinate: c } = p;
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 tabular-nums">
        <dt>Lat, Lon</dt>
        <dd className="font-semibold text-slate-800" data-testid="stored-latlon">
          {formatCoordinate(p.Latitude)}, {formatCoordinate(p.Longitude)}
        </dd>
        {frame && (
          <>
            <dt>Grid</dt>
            <dd className="text-slate-700" data-testid="stored-crs">
              {frame.crsLabel} · {frame.unitLabel}
              {frame.calibrationVersion !== null && ` · calibration v${frame.calibrationVersion}`}
              {frame.isDefault && ' (default)'}
            </dd>
            <dt>E, N</dt>
            <dd className="font-semibold text-slate-800" data-testid="stored-grid">
              {c ? `E ${withUnit(c.easting, frame)}, N ${withUnit(c.northing, frame)}` : 'outside the coordinate system'}
            </dd>
            <dt>Height</dt>
            <dd className="font-semibold text-slate-800" data-testid="stored-height">
              {c?.height != null ? `${withUnit(c.height, { ...frame, unitSymbol: frame.heightUnitSymbol })} ${frame.heightName}` : 'not known (the receiver sent no geoid separation)'}
            </dd>
          </>
        )}
      </dl>
      {p.Setup && (
        <p className="mt-1 text-slate-500" data-testid="stored-setup">
          Placed from {SETUP_WORDS[p.Setup.Source]}
          {p.Setup.Version !== null && ` (base setup v${p.Setup.Version})`}.
        </p>
      )}
      {p.Correction === 'base-nmea' && (
        <p className="mt-1 rounded bg-amber-50 px-1.5 py-1 font-medium text-amber-800" role="status" data-testid="stored-correction">
          {CORRECTION_TEXT['base-nmea']}
        </p>
      )}
      {p.Correction === 'broadcast' && p.Setup?.Source === 'known' && (
        <p className="mt-1 text-slate-500" data-testid="stored-correction">
          {CORRECTION_TEXT.broadcast}
        </p>
      )}
    </>
  );
}
