import type { ExportPrecision } from './repository.js';

/**
 * The precision figures of a measured point (decision 016) as every export carries them (csv/txt have their own snake_case columns in columns.ts):
 * the property name (GeoJSON, KML), the dBASE field (10 characters at most) and the value, sigmas to 0.1 mm.
 */
export interface PrecisionField {
  key: string;
  dbf: string;
  dbfType: 'C' | 'N';
  length: number;
  decimals: number;
  value: (p: ExportPrecision) => string | number | null;
}

/** A figure at its decimals as a number (no binary noise such as 1.0500000000000003 in GeoJSON and KML). */
const at = (digits: number) => (v: number | null) => (v === null ? null : Number(v.toFixed(digits)));
const tenthMm = at(4);

export const PRECISION_FIELDS: PrecisionField[] = [
  { key: 'method', dbf: 'method', dbfType: 'C', length: 12, decimals: 0, value: (p) => p.method },
  { key: 'epochs', dbf: 'epochs', dbfType: 'N', length: 9, decimals: 0, value: (p) => p.epochs },
  { key: 'epochsRejected', dbf: 'epochs_rej', dbfType: 'N', length: 9, decimals: 0, value: (p) => p.epochsRejected },
  { key: 'sigmaE', dbf: 'sigma_e', dbfType: 'N', length: 12, decimals: 4, value: (p) => tenthMm(p.sigmaE) },
  { key: 'sigmaN', dbf: 'sigma_n', dbfType: 'N', length: 12, decimals: 4, value: (p) => tenthMm(p.sigmaN) },
  { key: 'sigmaU', dbf: 'sigma_u', dbfType: 'N', length: 12, decimals: 4, value: (p) => tenthMm(p.sigmaU) },
  { key: 'pdop', dbf: 'pdop', dbfType: 'N', length: 8, decimals: 2, value: (p) => at(2)(p.pdop) },
  { key: 'fixPercent', dbf: 'fix_pct', dbfType: 'N', length: 7, decimals: 1, value: (p) => at(1)(p.fixPercent) },
  { key: 'correctionAge', dbf: 'corr_age', dbfType: 'N', length: 8, decimals: 2, value: (p) => at(2)(p.correctionAge) },
  { key: 'antennaHeight', dbf: 'ant_height', dbfType: 'N', length: 10, decimals: 4, value: (p) => tenthMm(p.antennaHeight) },
  { key: 'warnings', dbf: 'warnings', dbfType: 'C', length: 120, decimals: 0, value: (p) => (p.warnings.length ? p.warnings.join(' ') : null) },
];

/** The precision figures as name/value pairs (GeoJSON properties, KML Data). */
export function precisionProperties(p: ExportPrecision): Record<string, string | number | null> {
  return Object.fromEntries(PRECISION_FIELDS.map((f) => [f.key, f.value(p)]));
}

/** A point the server measured (an occupation): it has figures to show; a browser's point ('client') has none. */
export const measured = (p: ExportPrecision) => p.method !== 'client';

const fixed = (v: number | null, digits: number) => (v === null ? '-' : v.toFixed(digits));

/** One line for a drawing or a report: 'topo 101 ep (2 rej) sE/N/U 0.0041/0.0043/0.0062 m PDOP 1.05 fix 100.0%'. */
export function precisionLine(p: ExportPrecision): string {
  return (
    `${p.method} ${p.epochs ?? '-'} ep (${p.epochsRejected ?? '-'} rej) sE/N/U ${fixed(p.sigmaE, 4)}/${fixed(p.sigmaN, 4)}/${fixed(p.sigmaU, 4)} m ` +
    `PDOP ${fixed(p.pdop, 2)} fix ${fixed(p.fixPercent, 1)}%`
  );
}
