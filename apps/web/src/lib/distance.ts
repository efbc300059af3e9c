import type { UserSettings } from '@smi/contracts';
import { formatDistance } from './format';

export type DistanceUnit = UserSettings['system']['distanceUnit'];

const FEET_PER_METRE = 1 / 0.3048;

/**
 * A length in the user's unit (docs/decisions: distance units). CM: centimetres under 1 m (one decimal), whole metres
 * under 1000 m, else kilometres with 2 decimals (SPEC section 5). FEET: feet with one decimal under 100 ft, whole feet
 * under one mile, else miles with 2 decimals.
 */
export function formatLength(metres: number, unit: DistanceUnit): string {
  if (!Number.isFinite(metres)) return 'N/A';
  const m = Math.abs(metres);
  if (unit === 'FEET') {
    const feet = m * FEET_PER_METRE;
    if (feet < 100) return `${feet.toFixed(1)} ft`;
    if (feet < 5280) return `${Math.round(feet)} ft`;
    return `${(feet / 5280).toFixed(2)} mi`;
  }
  if (m < 1) return `${(m * 100).toFixed(1)} cm`;
  return formatDistance(m);
}
