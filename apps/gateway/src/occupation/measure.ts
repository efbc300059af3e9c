import type { EpochRejectReason } from '@smi/contracts';
import type { Measurement } from '@smi/occupations';
import { averagePositions, markToPhaseCentre, mean } from '@smi/geodesy';
import type { Epoch } from './epoch.js';
import type { RunDefinition } from './occupation-run.js';
import { meanOrNull, present, receiverSigma } from './segment-groups.js';
import type { Good } from './segment.js';

export type { Measurement };

/** What a measurement needs of its run besides its epochs. */
export interface MeasureContext {
  def: RunDefinition;
  /** gate rejections so far, by reason */
  reasons: Record<string, number>;
  received: number;
  fixedReceived: number;
  /** continuous: the epochs refused since the previous point; null: all the run's epochs not kept */
  rejectedSince: number | null;
  /** the run's first and last epoch times; null (continuous): the point's own */
  span: { startedAt: number | null; endedAt: number | null } | null;
}

/** The point of a stretch of good epochs: the outlier-cleaned mean, less the antenna, with its evidence. */
export function measure(segment: Good[], setAside: Map<number, EpochRejectReason>, c: MeasureContext): Measurement {
  const epochs = segment.map((g) => g.epoch);
  const avg = averagePositions(epochs.map((e) => ({ latitude: e.latitude!, longitude: e.longitude!, height: heightOf(e) })))!;
  for (const i of avg.outliers) setAside.set(segment[i]!.seq, 'outlier');
  const kept = epochs.filter((_, i) => !avg.outliers.includes(i));
  const receiver = receiverSigma(kept);
  const warnings: string[] = [];
  if (receiver.e === null) warnings.push('no-receiver-sigma');
  const pdops = present(kept.map((e) => e.pdop));
  if (!pdops.length && present(kept.map((e) => e.hdop)).length) warnings.push('hdop-for-pdop');
  // recorded under a tolerance that let float count: said on every point so measured, float epochs in it or not
  if (c.def.tolerances.allowFloat) warnings.push('float-allowed');
  const hasAltitude = kept.every((e) => e.altitude !== null);
  const seps = present(kept.map((e) => e.geoidSeparation));
  if (seps.length < kept.length) warnings.push('no-geoid-separation');
  const total = markToPhaseCentre(c.def.antenna);
  const sats = present(kept.map((e) => e.satellites));
  const ages = present(kept.map((e) => e.correctionAge));
  const reasons = { ...c.reasons };
  for (const r of setAside.values()) reasons[r] = (reasons[r] ?? 0) + 1;
  const altitude = hasAltitude ? mean(kept.map((e) => e.altitude!)) - total : null;
  const geoidSeparation = seps.length === kept.length ? mean(seps) : null;
  return {
    latitude: avg.latitude,
    longitude: avg.longitude,
    altitude,
    ellipsoidalHeight: altitude !== null && geoidSeparation !== null ? avg.height - total : null,
    geoidSeparation,
    antennaToPhaseCentre: total,
    sigmaE: Math.max(avg.sigmaE, receiver.e ?? 0),
    sigmaN: Math.max(avg.sigmaN, receiver.n ?? 0),
    sigmaU: Math.max(avg.sigmaU, receiver.u ?? 0),
    receiverSigmaE: receiver.e,
    receiverSigmaN: receiver.n,
    receiverSigmaU: receiver.u,
    hdop: meanOrNull(present(kept.map((e) => e.hdop))),
    pdop: meanOrNull(pdops.length ? pdops : present(kept.map((e) => e.hdop))),
    vdop: meanOrNull(present(kept.map((e) => e.vdop))),
    satellites: sats.length ? Math.round(mean(sats)) : null,
    satellitesMin: sats.length ? Math.min(...sats) : null,
    satellitesMax: sats.length ? Math.max(...sats) : null,
    epochs: kept.length,
    epochsRejected: c.rejectedSince ?? c.received - kept.length,
    rejectedReasons: reasons,
    fixPercent: c.received ? (100 * c.fixedReceived) / c.received : 0,
    fix: kept.every((e) => e.fix === 'rtk-fixed') ? 'rtk-fixed' : 'rtk-float',
    correctionAge: ages.length ? Math.max(...ages) : null,
    startedAt: c.span?.startedAt ?? epochs[0]!.time,
    endedAt: c.span?.endedAt ?? epochs[epochs.length - 1]!.time,
    warnings,
    setAside,
  };
}

/** Ellipsoidal height of the phase centre when the receiver gave N, else its altitude (0 without either). */
export function heightOf(e: Epoch): number {
  return (e.altitude ?? 0) + (e.geoidSeparation ?? 0);
}
