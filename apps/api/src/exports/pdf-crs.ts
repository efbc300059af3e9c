import type { ProjectGeodesy } from '../crs/project-geodesy.js';

/** The PDF summary's rows about the project's CRS, geoid and site calibration (decision 024); none without a CRS. */
export function crsSummaryRows(g: ProjectGeodesy | null | undefined): [string, string][] {
  if (!g) return [];
  const shift = { none: '', helmert: ', datum shift by 7-parameter Helmert', grid: `, datum shift by grid ${g.transform.grid}`, 'helmert-fallback': `, 7-PARAMETER FALLBACK instead of grid ${g.transform.grid}` }[g.transform.datumShift];
  const rows: [string, string][] = [
    ['Coordinate system', `${g.crsLabel}, ${g.unitLabel}${shift}; corrections in ${g.settings.corrections_datum}`],
    ['Geoid', g.geoid ? `${g.geoid.name}: heights are orthometric, H = h - N` : 'none: heights are ellipsoidal (h)'],
  ];
  const c = g.calibration;
  if (c) {
    const h = c.horizontal ? `Helmert scale ${c.horizontal.scale.toFixed(8)}, rotation ${c.horizontal.rotationArcsec.toFixed(2)}", RMS H ${c.rmsH?.toFixed(3) ?? '—'}` : 'no horizontal adjustment';
    const v = c.vertical ? `${c.vertical.kind === 'plane' ? 'inclined plane' : 'constant'} ${c.vertical.dh.toFixed(3)} m, RMS V ${c.rmsV?.toFixed(3) ?? '—'} m` : 'no vertical adjustment';
    rows.push(['Site calibration', `version ${c.version}: ${h}; ${v}${c.warnings.length ? `; warnings: ${c.warnings.join(', ')}` : ''}`]);
  } else rows.push(['Site calibration', 'none']);
  return rows;
}
