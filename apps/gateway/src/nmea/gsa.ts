import { present, type FixUpdate } from './fix-update.js';

export const sentenceId = 'GSA' as const;

/**
 * GSA, "GNSS DOP and active satellites": the satellites used in the solution, PDOP and VDOP (HDOP
 * comes from GGA, which every receiver sends). A multi-GNSS
 * receiver sends one per constellation (same DOPs, its own satellites). Decoded from the fields alone.
 * fields: [id, mode, fix mode (1 none, 2 2D, 3 3D), sv x 12, pdop, hdop, vdop, (NMEA 4.10: system id)]
 */
export function decode(fields: string[]): FixUpdate {
  const update: FixUpdate = {};
  let used = 0;
  for (let i = 3; i <= 14; i++) if (present(fields[i])) used++;
  update.satellitesUsed = used;
  const dop = (i: number) => (present(fields[i]) ? Number(fields[i]) : undefined);
  const pdop = dop(15);
  const vdop = dop(17);
  // a receiver without a fix reports DOPs of 99.99: there is no geometry to speak of
  if (fields[2] === '1') return update;
  if (pdop !== undefined) update.pdop = pdop;
  if (vdop !== undefined) update.vdop = vdop;
  return update;
}
