import type { PointView } from '@smi/contracts';

/** One pair as the form holds it: the measured point's id and the known grid coordinates as typed. */
export interface PairRow {
  pointId: string;
  easting: string;
  northing: string;
  height: string;
}

/**
 * Pairs from a csv of control: name, easting, northing[, height] a line (comma, semicolon or tab; a header line and
 * blank lines are skipped). Each name must be one of the project's points: the point is the measured side.
 */
export function parsePairsCsv(text: string, points: Pick<PointView, '_id' | 'Name'>[]): { rows: PairRow[]; error: null } | { rows: []; error: string } {
  const rows: PairRow[] = [];
  const unknown: string[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (!line.trim()) continue;
    const cells = line.split(/[,;\t]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    const [name = '', easting = '', northing = '', height = ''] = cells;
    if (!Number.isFinite(Number(easting)) || !easting) {
      if (i === 0) continue; // the header
      return { rows: [], error: `Line ${i + 1}: the easting "${easting}" is not a number` };
    }
    if (!northing || !Number.isFinite(Number(northing))) return { rows: [], error: `Line ${i + 1}: the northing "${northing}" is not a number` };
    if (height && !Number.isFinite(Number(height))) return { rows: [], error: `Line ${i + 1}: the height "${height}" is not a number` };
    const point = points.find((p) => p.Name.trim() === name);
    if (!point) unknown.push(name);
    else rows.push({ pointId: point._id, easting, northing, height });
  }
  if (unknown.length) return { rows: [], error: `No point of the project is named ${unknown.map((n) => `“${n}”`).join(', ')}` };
  if (rows.length < 2) return { rows: [], error: 'The csv holds fewer than two pairs' };
  return { rows, error: null };
}
