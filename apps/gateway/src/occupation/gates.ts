import type { EpochRejectReason, Tolerances } from '@smi/contracts';
import type { Epoch } from './epoch.js';

/**
 * The first quality gate an epoch fails, or null when it may count. Where the receiver sends no PDOP (no GSA),
 * HDOP stands in (the point says so); a limit on something the receiver does not report is not applied.
 */
export function gateOf(e: Epoch, t: Tolerances): EpochRejectReason | null {
  if (e.latitude === null || e.longitude === null) return 'no-position';
  if (e.fix !== 'rtk-fixed' && !(t.allowFloat && e.fix === 'rtk-float')) return 'not-fixed';
  if (t.maxCorrectionAge !== null && e.correctionAge !== null && e.correctionAge > t.maxCorrectionAge) return 'correction-age';
  const dop = e.pdop ?? e.hdop;
  if (t.maxPdop !== null && dop !== null && dop > t.maxPdop) return 'pdop';
  if (t.minSatellites !== null && e.satellites !== null && e.satellites < t.minSatellites) return 'satellites';
  if (t.sigmaH !== null && e.sigmaN !== null && e.sigmaE !== null && Math.hypot(e.sigmaN, e.sigmaE) > t.sigmaH) return 'sigma-h';
  if (t.sigmaV !== null && e.sigmaV !== null && e.sigmaV > t.sigmaV) return 'sigma-v';
  return null;
}
