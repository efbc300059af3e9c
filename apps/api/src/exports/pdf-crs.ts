import type { ProjectGeodesy } from '../crs/project-geodesy.js';

/**
 * The summary's rows about the coordinates every table, plan and file of the export is in: the CRS (the project's,
 * or the default a project without one gets), the heights and the site calibration.
 */
export function crsSummaryRows(g: ProjectGeodesy | null): [string, string][] {
  if (!g) return [['Coordinate system', 'none yet: the project has no coordinate system and no points']];
  const l = g.labels;
  const shift = { none: '', helmert: ', datum shift by 7-parameter Helmert', grid: `, datum shift by grid ${g.transform.grid}`, 'helmert-fallback': `, 7-PARAMETER FALLBACK instead of grid ${g.transform.grid}` }[g.transform.datumShift];
  const crs = l.isDefault
    ? `${l.crsLabel}, ${l.unitLabel}: the default (no coordinate system is set for the project: the UTM zone of its points)`
    : `${l.crsLabel}, ${l.unitLabel}${shift}; corrections in ${g.settings.corrections_datum}`;
  const rows: [string, string][] = [
    ['Coordinate system', crs],
    ['Heights', g.geoid ? `${l.heightName}, ${l.heightUnitSymbol}: H = h - N of ${g.geoid.name}` : `ellipsoidal (WGS 84), ${l.heightUnitSymbol}: no geoid model`],
  ];
  const c = g.calibration;
  if (c) {
    const h = c.horizontal ? `Helmert scale ${c.horizontal.scale.toFixed(8)}, rotation ${c.horizontal.rotationArcsec.toFixed(2)}", RMS H ${c.rmsH?.toFixed(3) ?? '—'}` : 'no horizontal adjustment';
    const v = c.vertical ? `${c.vertical.kind === 'plane' ? 'inclined plane' : 'constant'} ${c.vertical.dh.toFixed(3)} m, RMS V ${c.rmsV?.toFixed(3) ?? '—'} m` : 'no vertical adjustment';
    rows.push(['Site calibration', `version ${c.version}: ${h}; ${v}${c.warnings.length ? `; warnings: ${c.warnings.join(', ')}` : ''}`]);
  } else rows.push(['Site calibration', 'none']);
  return rows;
}

/** One line naming the CRS and the heights: under every table heading and plan. */
export function crsLine(g: ProjectGeodesy | null): string {
  if (!g) return '';
  const l = g.labels;
  const calibration = l.calibrationVersion === null ? '' : `, site calibration v${l.calibrationVersion}`;
  return `${l.crsLabel}, ${l.unitLabel}${calibration}${l.isDefault ? ' (default)' : ''}; heights ${l.heightName}, ${l.heightUnitSymbol}`;
}
