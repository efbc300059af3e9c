import { markEllipsoidalHeight, type ProjectCoordinates } from '@smi/geodesy';
import type { ProjectGeodesy } from '../crs/project-geodesy.js';
import type { ExportPoint } from './repository.js';

/** A cell: numbers stay numbers (a negative latitude is a number, not a formula), text is text, null is empty. */
export type Cell = string | number | null;

export interface Column {
  header: string;
  /** Decimals a number is written with (no binary noise such as 0.7000000000000001); absent: an integer or text. */
  digits?: number;
  value: (p: ExportPoint, c: ProjectCoordinates | null) => Cell;
}

/** Decimals per quantity: 1e-9 degree is 0.1 mm; grid and heights to 0.001 of their unit; sigmas to 0.1 mm. */
const DEG = 9;
const LENGTH = 3;
const SIGMA = 4;

/**
 * The grid columns, first: CAD reads northing, easting, height. Each header names the CRS, the unit and the height's
 * reference ("northing_epsg2236_ftus", "height_egm96_ftus", "height_ellipsoidal_m"), so the file says what it holds.
 */
export function gridColumns(g: ProjectGeodesy | null): Column[] {
  const { crs, unit, height, heightUnit } = frameWords(g);
  const digits = unit === 'deg' ? DEG : LENGTH;
  return [
    { header: `northing_${crs}_${unit}`, digits, value: (_p, c) => c?.northing ?? null },
    { header: `easting_${crs}_${unit}`, digits, value: (_p, c) => c?.easting ?? null },
    { header: `height_${height}_${heightUnit}`, digits: LENGTH, value: (_p, c) => c?.height ?? null },
  ];
}

/** The CRS, unit and height reference as file-name words: "epsg2236", "ftus", "egm96", "ftus" ("utm" with no frame yet). */
function frameWords(g: ProjectGeodesy | null) {
  const l = g?.labels;
  return {
    crs: l ? `epsg${l.crsCode}` : 'utm',
    unit: !l ? 'm' : l.unitSymbol === '°' ? 'deg' : l.unitSymbol.toLowerCase(),
    height: !l ? 'egm96' : l.orthometric ? l.heightLabel.toLowerCase().replace(/\.(gtx|tiff?)$/, '').replace(/[^a-z0-9]+/g, '_') : 'ellipsoidal',
    heightUnit: l?.heightUnitSymbol.toLowerCase() ?? 'm',
  };
}

/**
 * What a file without a header (PNEZD) says in its name instead: "epsg2236-ftus-egm96-ftus", grid CRS and unit,
 * then height reference and unit, the words of the CSV's headers.
 */
export function frameTag(g: ProjectGeodesy | null): string {
  const w = frameWords(g);
  return `${w.crs}-${w.unit}-${w.height}-${w.heightUnit}`;
}

/** After the grid: where the point is in WGS 84 (latitude, longitude, ellipsoidal height), then what it is. */
export const COLUMNS: Column[] = [
  { header: 'latitude', digits: DEG, value: (p) => p.latitude },
  { header: 'longitude', digits: DEG, value: (p) => p.longitude },
  { header: 'ellipsoidal_height_m', digits: LENGTH, value: (p, c) => c?.ellipsoidalHeight ?? markEllipsoidalHeight(p) },
  { header: 'accuracy', value: (p) => p.accuracy },
  { header: 'section', value: (p) => p.section },
  { header: 'device', value: (p) => p.device },
  { header: 'timestamp', value: (p) => p.recordedAt.toISOString() },
  { header: 'fix_type', value: (p) => p.fixType },
  { header: 'satellites', value: (p) => p.satellites },
  { header: 'hdop', digits: 2, value: (p) => p.hdop },
  { header: 'horizontal_accuracy_m', digits: SIGMA, value: (p) => p.horizontalAccuracy },
  { header: 'vertical_accuracy_m', digits: SIGMA, value: (p) => p.verticalAccuracy },
  // the receiver's own height above its mean sea level and its geoid separation, as it sent them
  { header: 'altitude_m', digits: LENGTH, value: (p) => p.altitude },
  { header: 'geoid_separation_m', digits: LENGTH, value: (p) => p.geoidSeparation },
  // survey-grade precision: empty where the server did not measure the point
  { header: 'method', value: (p) => p.precision.method },
  { header: 'sigma_e_m', digits: SIGMA, value: (p) => p.precision.sigmaE },
  { header: 'sigma_n_m', digits: SIGMA, value: (p) => p.precision.sigmaN },
  { header: 'sigma_u_m', digits: SIGMA, value: (p) => p.precision.sigmaU },
  { header: 'pdop', digits: 2, value: (p) => p.precision.pdop },
  { header: 'epochs', value: (p) => p.precision.epochs },
  { header: 'epochs_rejected', value: (p) => p.precision.epochsRejected },
  { header: 'fix_percent', digits: 1, value: (p) => p.precision.fixPercent },
  { header: 'correction_age_s', digits: 1, value: (p) => p.precision.correctionAge },
  { header: 'antenna_height_m', digits: LENGTH, value: (p) => p.precision.antennaHeight },
  { header: 'warnings', value: (p) => p.precision.warnings.join(' ') },
];

/** The feature code string, its attribute values (JSON by code, then attribute; empty when none) and the note (decision 057). */
export const FEATURE_COLUMNS: Column[] = [
  { header: 'code', value: (p) => p.code },
  { header: 'attributes', value: (p) => (Object.values(p.attributes).some((v) => Object.keys(v).length) ? JSON.stringify(p.attributes) : '') },
  { header: 'note', value: (p) => p.note },
  // its photos' file names, after the note so no column before moves (decision 067)
  { header: 'photos', value: (p) => p.photos.join(' | ') },
  // who measured it (the member's name then), last so that no column before moves
  { header: 'collected_by', value: (p) => p.collectedBy },
];

/** The CRS's calibration applied, last: its version ("v2"), empty when none. */
export const calibrationColumn = (g: ProjectGeodesy | null): Column => ({ header: 'calibration', value: () => (g?.calibration ? `v${g.calibration.version}` : null) });

/** A spreadsheet reads a cell starting with = + - @ (or tab / CR, which some strip first) as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that a spreadsheet would run as a formula gets a leading apostrophe; numbers are left alone. */
export function neutralise(cell: Cell): Cell {
  return typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** A cell as written: a number at its column's decimals, text neutralised. */
export function cellText(column: Column, cell: Cell): string | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? (column.digits === undefined ? String(cell) : cell.toFixed(column.digits)) : null;
  return neutralise(cell) as string;
}
