/**
 * Antenna height reduction: from the height the surveyor measured (vertically to a reference on the antenna, or
 * slant to the antenna's edge) to the distance from the mark up to the antenna phase centre (APC), along the
 * ellipsoid normal. The mark = APC - that distance * normal.
 */
import { ellipsoidNormal, type Vec3 } from './ecef.js';

export const ANTENNA_HEIGHT_TYPES = ['vertical', 'slant'] as const;
export type AntennaHeightType = (typeof ANTENNA_HEIGHT_TYPES)[number];

export interface AntennaModel {
  /** as the surveyor picks it (IGS-style name where there is one) */
  model: string;
  /** vertical ARP -> L1 phase centre offset, m */
  phaseCentreOffset: number;
  /** slant heights: horizontal distance from the antenna axis to the slant-height measurement point (SHMP), m */
  radius?: number;
  /** slant heights: height of the SHMP above the ARP, m */
  shmpOffset?: number;
}

/**
 * A small table of survey antennas whose figures are published by their makers. Anything else is typed.
 * - Emlid Reach RS2: ARP at the bottom of the receiver, L1 phase centre 134 mm above it (Emlid docs and its
 *   calibration, "+134.92 mm"; Emlid Flow applies 0.134 m).
 * - The receiver reports the mark (the height is entered in the receiver): offset 0, height 0.
 */
export const ANTENNA_MODELS: readonly AntennaModel[] = [
  { model: 'EMLID REACH RS2', phaseCentreOffset: 0.134 },
  { model: 'EMLID REACH RS2+', phaseCentreOffset: 0.134 },
  { model: 'NONE', phaseCentreOffset: 0 },
];

export function antennaModel(model: string): AntennaModel | undefined {
  const key = model.trim().toUpperCase();
  return ANTENNA_MODELS.find((m) => m.model === key);
}

export interface AntennaSetup {
  /** as measured, m */
  height: number;
  type: AntennaHeightType;
  /** ARP -> phase centre, m */
  phaseCentreOffset: number;
  /** slant only */
  radius?: number;
  shmpOffset?: number;
}

/** Vertical height of the ARP above the mark from a slant height to the SHMP: sqrt(s^2 - r^2) - SHMP offset. */
export function slantToVertical(slant: number, radius: number, shmpOffset = 0): number {
  if (!(slant > radius)) throw new RangeError('a slant height must be longer than the antenna radius');
  return Math.sqrt(slant * slant - radius * radius) - shmpOffset;
}

/** Distance from the mark up to the antenna phase centre, m. */
export function markToPhaseCentre(s: AntennaSetup): number {
  const arp = s.type === 'slant' ? slantToVertical(s.height, s.radius ?? 0, s.shmpOffset ?? 0) : s.height;
  return arp + s.phaseCentreOffset;
}

/** The mark's ellipsoidal height from the phase centre's: h_mark = h_APC - (height to ARP + ARP->APC). */
export function markHeight(phaseCentreHeight: number, s: AntennaSetup): number {
  return phaseCentreHeight - markToPhaseCentre(s);
}

/** The mark in ECEF: APC - total * ellipsoid normal at the point. */
export function markEcef(apc: Vec3, latitude: number, longitude: number, s: AntennaSetup): Vec3 {
  const total = markToPhaseCentre(s);
  const n = ellipsoidNormal(latitude, longitude);
  return [apc[0] - total * n[0], apc[1] - total * n[1], apc[2] - total * n[2]];
}
