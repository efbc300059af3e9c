import { centimetres, type UserSettings } from '@smi/contracts';
import { formatDistance } from './format';

export type DistanceUnit = UserSettings['system']['distanceUnit'];

/** FEET is the international foot (exactly 0.3048 m), not the US survey foot (1200/3937 m, 2 ppm longer). */
export const FOOT_METRES = 0.3048;
export const FOOT_NAME = 'international foot (0.3048 m), not US survey foot';
const FEET_PER_METRE = 1 / FOOT_METRES;

/**
 * A length in the user's unit (docs/decisions: distance units). CM: centimetres under 1 m (one decimal), whole metres
 * under 1000 m, else kilometres with 2 decimals. FEET (international feet): 0.001 ft below 0.1 ft,
 * 0.01 ft below 1000 ft (so a centimetre-level estimate never reads 0.0 ft), whole feet under one mile, else miles.
 */
export function formatLength(metres: number, unit: DistanceUnit): string {
  if (!Number.isFinite(metres)) return 'N/A';
  const m = Math.abs(metres);
  if (unit === 'FEET') {
    const feet = m * FEET_PER_METRE;
    if (feet < 0.1) return `${feet.toFixed(3)} ft`;
    if (feet < 1000) return `${feet.toFixed(2)} ft`;
    if (feet < 5280) return `${Math.round(feet)} ft`;
    return `${(feet / 5280).toFixed(2)} mi`;
  }
  if (m < 1) return `${(m * 100).toFixed(1)} cm`;
  return formatDistance(m);
}

/**
 * A precision (a sigma, a ± estimate, a limit) in the user's unit: never rounded to whole metres or feet as a
 * distance is, since 1.23 m and 1.49 m of sigma are different verdicts. CM: 0.1 cm under 1 m, then 0.01 m; FEET:
 * 0.001 ft under 0.1 ft, then 0.01 ft.
 */
export function formatPrecision(metres: number, unit: DistanceUnit): string {
  if (!Number.isFinite(metres)) return 'N/A';
  const m = Math.abs(metres);
  if (unit === 'FEET') {
    const feet = m * FEET_PER_METRE;
    return feet < 0.1 ? `${feet.toFixed(3)} ft` : `${feet.toFixed(2)} ft`;
  }
  return centimetres(m);
}
