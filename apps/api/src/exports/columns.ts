import { ellipsoidalHeight, heightAboveMsl } from './heights.js';
import type { ExportPoint } from './repository.js';
import type { Projection } from './utm.js';

/** A cell: numbers stay numbers (a negative latitude is a number, not a formula), text is text, null is empty. */
export type Cell = string | number | null;

export interface Column {
  header: string;
  value: (p: ExportPoint, utm: { easting: number; northing: number } | null, zone: string) => Cell;
}

const mm = (v: number) => Math.round(v * 1000) / 1000;
// a sigma, an accuracy or a height to a tenth of a millimetre
const orMm = (v: number | null) => (v === null ? null : Math.round(v * 10000) / 10000);

/** The columns of CSV and TXT, in order. Headers are snake_case so QGIS and scripts read them without quoting. */
export const COLUMNS: Column[] = [
  { header: 'name', value: (p) => p.name },
  { header: 'latitude', value: (p) => p.latitude },
  { header: 'longitude', value: (p) => p.longitude },
  { header: 'easting', value: (_p, u) => (u ? mm(u.easting) : null) },
  { header: 'northing', value: (_p, u) => (u ? mm(u.northing) : null) },
  { header: 'utm_zone', value: (_p, _u, zone) => zone },
  { header: 'accuracy', value: (p) => p.accuracy },
  { header: 'section', value: (p) => p.section },
  { header: 'device', value: (p) => p.device },
  { header: 'timestamp', value: (p) => p.recordedAt.toISOString() },
  { header: 'fix_type', value: (p) => p.fixType },
  { header: 'satellites', value: (p) => p.satellites },
  { header: 'hdop', value: (p) => p.hdop },
  { header: 'horizontal_accuracy_m', value: (p) => orMm(p.horizontalAccuracy) },
  { header: 'vertical_accuracy_m', value: (p) => orMm(p.verticalAccuracy) },
  { header: 'altitude_m', value: (p) => orMm(p.altitude) },
  // appended after the original columns: the heights of decision 017, metres (h = H + N)
  { header: 'ellipsoidal_height_m', value: (p) => ellipsoidalHeight(p) },
  { header: 'geoid_separation_m', value: (p) => orMm(p.geoidSeparation) },
  { header: 'height_above_msl_m', value: (p) => heightAboveMsl(p) },
  // survey-grade precision (decision 016): empty where the server did not measure the point
  { header: 'method', value: (p) => p.precision.method },
  { header: 'sigma_e_m', value: (p) => orMm(p.precision.sigmaE) },
  { header: 'sigma_n_m', value: (p) => orMm(p.precision.sigmaN) },
  { header: 'sigma_u_m', value: (p) => orMm(p.precision.sigmaU) },
  { header: 'pdop', value: (p) => p.precision.pdop },
  { header: 'epochs', value: (p) => p.precision.epochs },
  { header: 'epochs_rejected', value: (p) => p.precision.epochsRejected },
  { header: 'fix_percent', value: (p) => p.precision.fixPercent },
  { header: 'correction_age_s', value: (p) => p.precision.correctionAge },
  { header: 'antenna_height_m', value: (p) => p.precision.antennaHeight },
  { header: 'warnings', value: (p) => p.precision.warnings.join(' ') },
];

/** A spreadsheet reads a cell starting with = + - @ (or tab / CR, which some strip first) as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that a spreadsheet would run as a formula gets a leading apostrophe; numbers are left alone. */
export function neutralise(cell: Cell): Cell {
  return typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** One point as its row of cells, text neutralised. */
export function rowOf(p: ExportPoint, projection: Projection | null): Cell[] {
  const utm = projection ? projection.project(p.longitude, p.latitude) : null;
  const zone = projection?.zone.label ?? '';
  return COLUMNS.map((c) => neutralise(c.value(p, utm, zone)));
}
