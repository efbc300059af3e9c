import { Camera, Pencil, Trash2 } from 'lucide-react';
import { Badge } from '../../../components/badge';
import { FixQuality } from '../../../components/fix-quality';
import { Table } from '../../../components/table';
import { FOOT_METRES, formatLength, type DistanceUnit } from '../../../lib/distance';
import { accuracyTone, formatCoordinate } from '../../../lib/format';
import { withUnit } from '../../../lib/grid';
import { occupationEndpoints as pointEndpoints, pathFor, pointEndpoints as pointRoutes, type GridPointsReply } from '@smi/contracts';
import type { Can } from '../../../lib/can';
import type { Point } from '../api/points';

const localTime = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'N/A' : d.toLocaleString();
};

const nameOf = (p: Point) => p.Name || 'Unnamed Point';
/** Who recorded the point, as the member was named then (the API keeps it through renames and removals). */
const recordedBy = (p: Point) => p.RecordedBy?.Name || 'N/A';
const grade = (p: Point) => (p.Accuracy ? <Badge tone={accuracyTone(p.Accuracy)}>{p.Accuracy}</Badge> : 'N/A');

/** The height of the mark: above mean sea level as the receiver reported it, else ellipsoidal (said so); 1 mm. */
function height(p: Point, unit: DistanceUnit): string {
  const [value, kind] = p.Altitude !== null ? [p.Altitude, 'MSL'] : p.EllipsoidalHeight !== null ? [p.EllipsoidalHeight, 'ellipsoidal'] : [null, ''];
  if (value === null) return 'N/A';
  return unit === 'FEET' ? `${(value / FOOT_METRES).toFixed(3)} ft ${kind}` : `${value.toFixed(3)} m ${kind}`;
}

/** σH of a measured point: the horizontal sigma from its east and north ones (metres), null when not measured. */
export const sigmaH = (p: Point) => (p.SigmaE !== null && p.SigmaN !== null ? Math.hypot(p.SigmaE, p.SigmaN) : null);

/** How the point was measured (decision 016): method, epochs, σH / σV; a browser-recorded one says so. */
function Measurement({ p, unit }: { p: Point; unit: DistanceUnit }) {
  // the base was known only by its NMEA position (no 1005/1006): metres of its noise may be in the point
  const nmeaBase = p.Warnings.includes('base-from-nmea') && (
    <span className="text-amber-700" title="Corrected from the base's NMEA position: the base broadcast no 1005/1006 position" data-testid="base-from-nmea">
      base from NMEA
    </span>
  );
  if (p.Method === 'client')
    return (
      <span className="inline-flex flex-wrap gap-x-2">
        <span className="text-slate-500">live reading</span>
        {nmeaBase}
      </span>
    );
  const h = sigmaH(p);
  return (
    <span className="inline-flex flex-wrap gap-x-2 tabular-nums" data-testid="point-measurement">
      <span className="font-semibold text-slate-800">{p.Method}</span>
      {p.Epochs !== null && (
        <span>
          {p.Epochs} epoch{p.Epochs === 1 ? '' : 's'}
        </span>
      )}
      {h !== null && <span>σH {formatLength(h, unit)}</span>}
      {p.SigmaU !== null && <span>σV {formatLength(p.SigmaU, unit)}</span>}
      {p.Warnings.includes('stopped-early') && <span className="text-amber-700">stopped early</span>}
      {nmeaBase}
      {/* the raw epochs are the point's evidence: every one, with why a rejected one was */}
      <a
        className="font-semibold text-blue-700 underline underline-offset-2"
        href={pathFor(pointEndpoints.pointEpochs.path, { projectId: p.ProjectId, pointId: p._id }) + '?format=csv'}
        download
        aria-label={`Raw epochs of ${p.Name || 'Unnamed Point'} (csv)`}
      >
        epochs csv
      </a>
    </span>
  );
}

interface Props {
  points: Point[];
  unit?: DistanceUnit;
  /** The points in the project's CRS (decision 024): easting, northing and height as the exports write them. */
  grid?: GridPointsReply | null;
  onModify: (p: Point) => void;
  onDelete: (p: Point) => void;
  /** Opens the point's photos (decision 067); absent: no photo button. */
  onPhotos?: (p: Point) => void;
  /** The signed-in user's check: Modify and Delete are drawn only on the points the user may change. */
  can: Can;
}

/**
 * The taken points: name, position, height, accuracy (N/A when missing; fix type and ± beside it), section ('default' when missing), local time.
 * By: who recorded it. On a phone the point cell carries the position, section, accuracy and who recorded it under the
 * name instead of own columns; below 2xl, beside the sidebar, section and who recorded it stay under the name.
 */
export function PointsTable({ points, unit = 'CM', grid, onModify, onDelete, onPhotos, can }: Props) {
  const frame = grid?.frame ?? null;
  const g = (p: Point) => grid?.points[p._id] ?? null;
  const en = (p: Point, axis: 'easting' | 'northing') => {
    const c = g(p);
    return frame && c ? withUnit(c[axis], frame) : 'N/A';
  };
  // with a CRS the height is the project's (orthometric with a geoid, its unit); the receiver's MSL otherwise
  const shownHeight = (p: Point) => {
    const c = g(p);
    if (!frame) return height(p, unit);
    // without h (no ellipsoidal height, no geoid separation) the receiver's MSL is all there is: said so
    return c?.height != null ? `${withUnit(c.height, { ...frame, unitSymbol: frame.heightUnitSymbol })} ${frame.orthometric ? frame.heightLabel : 'ellipsoidal'}` : height(p, unit);
  };
  // in its column the figure keeps its unit on its line and the height's name may go under it (a narrower column)
  const heightCell = (p: Point) => shownHeight(p).replace(' ', '\u00a0');
  const gridColumns = frame
    ? [
        // the unit may go under the figure, as the height's name does: beside the sidebar every column must fit
        { header: `Easting (${frame.unitSymbol})`, cell: (p: Point) => en(p, 'easting'), className: 'tabular-nums', hideOnPhone: true },
        { header: `Northing (${frame.unitSymbol})`, cell: (p: Point) => en(p, 'northing'), className: 'tabular-nums', hideOnPhone: true },
      ]
    : [];
  // the fix type and the receiver's ± first, then the Low/Medium/High grade labelled as the rover/base timing it is (decision 044)
  const accuracy = (p: Point) => (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {(p.FixType || p.HorizontalAccuracy !== null) && <FixQuality fixType={p.FixType} estimateMetres={p.HorizontalAccuracy} unit={unit} />}
      <span className="inline-flex items-center gap-1" title="How close in time the rover's and the base's readings were: not the point's accuracy">
        <span className="text-xs text-slate-600">timing</span>
        {grade(p)}
      </span>
    </span>
  );
  return (
    <>
      {frame && (
        <p className="border-b border-slate-100 px-4 py-2 text-xs text-slate-600" data-testid="points-crs">
          Grid coordinates in {frame.crsLabel}, {frame.unitLabel}; heights {frame.heightName}
          {frame.calibrationVersion !== null && `; site calibration v${frame.calibrationVersion} applied`}
          {frame.isDefault && ' (the default: no coordinate system is set for the project)'}.
        </p>
      )}
      <Table<Point>
        caption="Taken points"
        dense
        rows={points}
        rowKey={(p) => p._id}
        empty="No points recorded yet. Record some on the survey map."
        columns={[
          {
            header: 'Point',
            // a name may break anywhere (a long one must not widen a phone's table), but on wider screens the column
            // keeps room for a short name on one line: 'Manhole' was drawn as 'Manh' over 'ole'
            className: 'sm:min-w-24',
            cell: (p) => (
              <>
                <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{nameOf(p)}</span>
                <span className="mt-1 block text-xs tabular-nums text-slate-500 sm:hidden">
                  {formatCoordinate(p.Latitude)}, {formatCoordinate(p.Longitude)}
                </span>
                <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500 sm:hidden">
                  {p.Section || 'default'} · {accuracy(p)}
                </span>
                {frame && (
                  <span className="mt-1 block text-xs tabular-nums text-slate-500 sm:hidden" data-testid="point-grid">
                    E {en(p, 'easting')}, N {en(p, 'northing')}
                  </span>
                )}
                <span className="mt-1 block text-xs tabular-nums text-slate-500 sm:hidden">Height {shownHeight(p)}</span>
                {/* below 2xl the By column is not shown (the table fits beside the sidebar): said under the name */}
                <span className="mt-1 block text-xs text-slate-500 2xl:hidden" data-testid="point-by">
                  By {recordedBy(p)}
                </span>
                <span className="mt-1 block text-xs text-slate-500 2xl:hidden">
                  <Measurement p={p} unit={unit} />
                </span>
                {/* from sm to 2xl the Section column is not shown (the table fits beside the sidebar): said here */}
                <span className="mt-1 hidden text-xs text-slate-500 sm:block 2xl:hidden">Section {p.Section || 'default'}</span>
              </>
            ),
          },
          { header: 'Latitude', cell: (p) => formatCoordinate(p.Latitude), className: 'tabular-nums', hideOnPhone: true },
          { header: 'Longitude', cell: (p) => formatCoordinate(p.Longitude), className: 'tabular-nums', hideOnPhone: true },
          ...gridColumns,
          { header: frame ? `Height (${frame.unitSymbol === '°' ? 'm' : frame.unitSymbol})` : 'Height', cell: heightCell, className: 'tabular-nums', hideOnPhone: true },
          { header: 'Accuracy', cell: accuracy, hideOnPhone: true },
          { header: 'Measured', cell: (p) => <Measurement p={p} unit={unit} />, wideOnly: true, className: 'text-xs text-slate-600' },
          { header: 'Section', cell: (p) => p.Section || 'default', wideOnly: true },
          { header: 'By', cell: recordedBy, wideOnly: true, className: '[overflow-wrap:anywhere]' },
          { header: 'Timestamp', cell: (p) => localTime(p.Timestamp), hideOnPhone: true },
          {
            header: 'Actions',
            className: onPhotos ? 'w-40 text-right' : 'w-28 text-right',
            // a wide table (a CRS adds easting and northing) scrolls in its box: Modify and Delete stay in view
            stickyEnd: true,
            cell: (p) => (
              <div className="flex justify-end gap-1">
                {onPhotos && (
                  <button type="button" className="icon-btn relative" onClick={() => onPhotos(p)} aria-label={`Photos of ${nameOf(p)} (${p.Photos?.length ?? 0})`} title="Photos">
                    <Camera aria-hidden="true" className="h-5 w-5" />
                    {!!p.Photos?.length && (
                      <span className="absolute top-0.5 right-0.5 min-w-4 rounded-full bg-brand-600 px-1 text-[10px] leading-4 font-semibold text-white">{p.Photos.length}</span>
                    )}
                  </button>
                )}
                {can(pointRoutes.renamePoint, p.RecordedBy?.Id ?? null) && (
                  <button type="button" className="icon-btn" onClick={() => onModify(p)} aria-label={`Modify point ${nameOf(p)}`} title="Modify">
                    <Pencil aria-hidden="true" className="h-5 w-5" />
                  </button>
                )}
                {can(pointRoutes.deletePoint, p.RecordedBy?.Id ?? null) && (
                  <button
                    type="button"
                    className="icon-btn hover:bg-red-50 hover:text-red-700"
                    onClick={() => onDelete(p)}
                    aria-label={`Delete point ${nameOf(p)}`}
                    title="Delete"
                  >
                    <Trash2 aria-hidden="true" className="h-5 w-5" />
                  </button>
                )}
              </div>
            ),
          },
        ]}
      />
    </>
  );
}
