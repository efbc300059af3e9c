import type { EpochRejectReason, FixType, OccupationMethod, OccupationProgress, Tolerances } from '@smi/contracts';
import { averagePositions, ecefDeltaToEnu, geodeticToEcef, markToPhaseCentre, mean, outlierIndices, sampleSigma, type AntennaSetup, type Vec3 } from '@smi/geodesy';
import type { Epoch } from './epoch.js';
import { gateOf } from './gates.js';
import { Segment, type Good } from './segment.js';

export interface RunDefinition {
  method: OccupationMethod;
  tolerances: Tolerances;
  maxPauseS: number;
  splitGapS: number;
  antenna: AntennaSetup;
}


/** What the point is made of: the mark's position and the evidence decision 016 stores with it. */
export interface Measurement {
  latitude: number;
  longitude: number;
  /** of the mark: the phase centre's minus the antenna */
  altitude: number | null;
  ellipsoidalHeight: number | null;
  geoidSeparation: number | null;
  antennaToPhaseCentre: number;
  sigmaE: number;
  sigmaN: number;
  sigmaU: number;
  receiverSigmaE: number | null;
  receiverSigmaN: number | null;
  receiverSigmaU: number | null;
  hdop: number | null;
  pdop: number | null;
  vdop: number | null;
  satellites: number | null;
  satellitesMin: number | null;
  satellitesMax: number | null;
  epochs: number;
  epochsRejected: number;
  rejectedReasons: Record<string, number>;
  fixPercent: number;
  fix: FixType;
  correctionAge: number | null;
  startedAt: number;
  endedAt: number;
  warnings: string[];
  /** raw epochs the statistics set aside after they were written: seq -> reason */
  setAside: Map<number, EpochRejectReason>;
}

export type StepOutcome =
  | { kind: 'continue' }
  | { kind: 'complete' }
  | { kind: 'store-continuous'; measurement: Measurement }
  | { kind: 'fail'; reason: string };

// a re-fix is compared with the running mean at 3 sigma, sigma at least this (RTK noise; a re-fix more than 3 sigma or 5 cm away is a new or false fix)
const REFIX_SIGMA_FLOOR = 0.01;

/**
 * The sigma of the segment being measured, kept as epochs arrive (Welford's running mean and sum of squares per
 * component, and the sums of the receiver's GST sigmas): progress is read for every occupation twice a second, and
 * re-reading every epoch of a long occupation each time made the live feed's p99 three times longer (the occupation benchmark).
 */
class RunningSigma {
  private n = 0;
  private readonly m = [0, 0, 0];
  private readonly m2 = [0, 0, 0];
  private readonly gst = { e: [0, 0], n: [0, 0], u: [0, 0] };

  get count(): number {
    return this.n;
  }

  add(g: Good): void {
    this.n++;
    for (let i = 0; i < 3; i++) {
      const v = g.enu[i]!;
      const d = v - this.m[i]!;
      this.m[i]! += d / this.n;
      this.m2[i]! += d * (v - this.m[i]!);
    }
    const add = (acc: number[], v: number | null) => {
      if (v === null) return;
      acc[0]! += v;
      acc[1]!++;
    };
    add(this.gst.e, g.epoch.sigmaE);
    add(this.gst.n, g.epoch.sigmaN);
    add(this.gst.u, g.epoch.sigmaV);
  }

  /** The running mean offset (east, north, up). */
  mean(): [number, number, number] {
    return [this.m[0]!, this.m[1]!, this.m[2]!];
  }

  /** As reportedSigma: the larger of the sample sigma (n - 1) and the receiver's mean GST sigma, per component. */
  sigma(): { e: number; n: number; u: number } {
    const sample = (i: number) => (this.n < 2 ? 0 : Math.sqrt(Math.max(0, this.m2[i]!) / (this.n - 1)));
    const receiver = (acc: number[]) => (acc[1] ? acc[0]! / acc[1] : 0);
    return { e: Math.max(sample(0), receiver(this.gst.e)), n: Math.max(sample(1), receiver(this.gst.n)), u: Math.max(sample(2), receiver(this.gst.u)) };
  }
}

/**
 * One occupation's arithmetic, without I/O: every epoch is gated (a bad one pauses the count and is kept with its
 * reason), good epochs are counted by their GNSS time, a gap or a re-fix far from the running mean splits, a long
 * pause fails, and the result is the median/MAD-cleaned mean of the longest consistent segment.
 */
export class OccupationRun {
  private seq = 0;
  private received = 0;
  private fixedReceived = 0;
  private readonly reasons: Record<string, number> = {};
  private segments: Segment[] = [new Segment()];
  /** the statistics of the last segment (the one epochs go to) */
  private current = new RunningSigma();
  private occupiedMs = 0;
  private lastWasGood = false;
  private lastGood: Good | null = null;
  private firstTime: number | null = null;
  private lastTime: number | null = null;
  private badSince: number | null = null;
  private origin: { lat: number; lon: number; ecef: Vec3 } | null = null;
  private lastStored: Good | null = null;
  private stored = 0;
  /** continuous: good epochs of the stretches already stored (their segments are dropped), gate rejections then */
  private goodBefore = 0;
  private rejectedBefore = 0;
  private fix: string | null = null;
  readonly warnings = new Set<string>();
  pausedBy: string | null = null;

  constructor(readonly def: RunDefinition) {}

  get status(): 'running' | 'paused' {
    return this.pausedBy ? 'paused' : 'running';
  }
  get epochsReceived(): number {
    return this.received;
  }
  get goodEpochs(): number {
    return this.goodBefore + this.segments.reduce((n, s) => n + s.length, 0);
  }

  /** Takes the next epoch: its sequence number and gate reason (for the raw-epoch row) and what to do now. */
  add(e: Epoch): { seq: number; reason: EpochRejectReason | null; outcome: StepOutcome } {
    const seq = this.seq++;
    this.received++;
    if (e.fix === 'rtk-fixed') this.fixedReceived++;
    this.fix = e.fix;
    this.firstTime ??= e.time;
    this.lastTime = e.time;
    const reason = gateOf(e, this.def.tolerances);
    if (reason) {
      this.reasons[reason] = (this.reasons[reason] ?? 0) + 1;
      this.pausedBy = reason;
      this.badSince ??= e.time;
      this.lastWasGood = false;
      if (e.time - this.badSince > this.def.maxPauseS * 1000) {
        return { seq, reason, outcome: { kind: 'fail', reason: `paused over ${this.def.maxPauseS} s: ${reason}` } };
      }
      return { seq, reason, outcome: { kind: 'continue' } };
    }
    this.pausedBy = null;
    this.badSince = null;
    const good: Good = { seq, epoch: e, enu: this.enuOf(e) };
    if (this.def.method === 'continuous') return { seq, reason, outcome: this.continuous(good) };

    let segment = this.segments[this.segments.length - 1]!;
    if (this.lastGood && segment.length && (e.time - this.lastGood.epoch.time > this.def.splitGapS * 1000 || (!this.lastWasGood && this.farFrom(segment, good)))) {
      this.warnings.add('split');
      this.segments.push((segment = new Segment()));
      this.current = new RunningSigma();
      this.occupiedMs = 0;
    } else if (this.lastWasGood && this.lastGood) {
      this.occupiedMs += Math.max(0, e.time - this.lastGood.epoch.time);
    }
    segment.push(good);
    this.current.add(good);
    this.lastGood = good;
    this.lastWasGood = true;
    return { seq, reason, outcome: this.isComplete(segment) ? { kind: 'complete' } : { kind: 'continue' } };
  }

  /** The point from the longest consistent segment; undefined without a good epoch. */
  result(stoppedEarly: boolean): Measurement | undefined {
    let best = this.segments[0]!;
    for (const s of this.segments) if (s.length >= best.length) best = s;
    if (!best.length) return undefined;
    const setAside = new Map<number, EpochRejectReason>();
    for (const s of this.segments) if (s !== best) for (let i = 0; i < s.length; i++) setAside.set(s.seq(i), 'split');
    const m = this.measure(best.toArray(), setAside);
    if (stoppedEarly) m.warnings.push('stopped-early');
    return m;
  }

  progress(points = this.stored): OccupationProgress {
    const sigma = this.current.count >= 2 ? this.current.sigma() : null;
    return {
      epochsUsed: this.goodEpochs,
      epochsRejected: this.received - this.goodEpochs,
      rejectedReasons: { ...this.reasons },
      occupiedS: this.occupiedMs / 1000,
      elapsedS: this.firstTime !== null && this.lastTime !== null ? (this.lastTime - this.firstTime) / 1000 : 0,
      sigmaH: sigma ? Math.hypot(sigma.e, sigma.n) : null,
      sigmaV: sigma ? sigma.u : null,
      fix: this.fix,
      pausedBy: this.pausedBy,
      warnings: [...this.warnings],
      points,
    };
  }

  private continuous(good: Good): StepOutcome {
    const t = this.def.tolerances;
    const last = this.lastStored;
    const due =
      !last ||
      (t.intervalS !== null && good.epoch.time - last.epoch.time >= t.intervalS * 1000) ||
      (t.intervalM !== null && Math.hypot(good.enu[0] - last.enu[0], good.enu[1] - last.enu[1]) >= t.intervalM);
    this.segments[0]!.push(good);
    this.current.add(good);
    if (!due) return { kind: 'continue' };
    this.lastStored = good;
    this.stored++;
    const m = this.measure([good], new Map());
    // the next point's epochs start afresh: a continuous occupation keeps no history in memory
    this.goodBefore += this.segments[0]!.length;
    this.segments = [new Segment()];
    this.current = new RunningSigma();
    this.rejectedBefore = this.received - this.goodEpochs;
    return { kind: 'store-continuous', measurement: m };
  }

  private isComplete(segment: Segment): boolean {
    const t = this.def.tolerances;
    if (segment.length < Math.max(1, t.minEpochs) || this.occupiedMs < t.minSeconds * 1000) return false;
    if (segment.length < 2 || (t.sigmaH === null && t.sigmaV === null)) return true;
    // the precision the point will have: of the epochs the outlier test keeps
    const goods = segment.toArray();
    const outliers = outlierIndices(goods.map((g) => g.enu));
    const s = outliers.size ? this.reportedSigma(goods.filter((_, i) => !outliers.has(i))) : this.current.sigma();
    return (t.sigmaH === null || Math.hypot(s.e, s.n) <= t.sigmaH) && (t.sigmaV === null || s.u <= t.sigmaV);
  }

  /** Whether a re-fix is more than 3 sigma from the running mean of the segment being measured (the current one). */
  private farFrom(segment: Segment, g: Good): boolean {
    if (segment.length < 2) return false;
    const s = this.current.sigma();
    const m = this.current.mean();
    const dh = Math.hypot(g.enu[0] - m[0]!, g.enu[1] - m[1]!);
    const du = Math.abs(g.enu[2] - m[2]!);
    return dh > 3 * Math.max(Math.hypot(s.e, s.n), REFIX_SIGMA_FLOOR) || du > 3 * Math.max(s.u, REFIX_SIGMA_FLOOR);
  }

  /** The larger of the sample sigma and the receiver's own (GST), per component (1 Hz epochs are correlated). */
  private reportedSigma(segment: Good[]): { e: number; n: number; u: number } {
    const receiver = receiverSigma(segment.map((g) => g.epoch));
    return {
      e: Math.max(sampleSigma(segment.map((g) => g.enu[0])), receiver.e ?? 0),
      n: Math.max(sampleSigma(segment.map((g) => g.enu[1])), receiver.n ?? 0),
      u: Math.max(sampleSigma(segment.map((g) => g.enu[2])), receiver.u ?? 0),
    };
  }

  private enuOf(e: Epoch): [number, number, number] {
    const h = heightOf(e);
    const x = geodeticToEcef(e.latitude!, e.longitude!, h);
    this.origin ??= { lat: e.latitude!, lon: e.longitude!, ecef: x };
    const o = this.origin;
    const d = ecefDeltaToEnu(o.lat, o.lon, [x[0] - o.ecef[0], x[1] - o.ecef[1], x[2] - o.ecef[2]]);
    return [d.e, d.n, d.u];
  }

  private measure(segment: Good[], setAside: Map<number, EpochRejectReason>): Measurement {
    const epochs = segment.map((g) => g.epoch);
    const avg = averagePositions(epochs.map((e) => ({ latitude: e.latitude!, longitude: e.longitude!, height: heightOf(e) })))!;
    for (const i of avg.outliers) setAside.set(segment[i]!.seq, 'outlier');
    const kept = epochs.filter((_, i) => !avg.outliers.includes(i));
    const receiver = receiverSigma(kept);
    const warnings = [...this.warnings];
    if (receiver.e === null) warnings.push('no-receiver-sigma');
    const pdops = present(kept.map((e) => e.pdop));
    if (!pdops.length && present(kept.map((e) => e.hdop)).length) warnings.push('hdop-for-pdop');
    // recorded under a tolerance that let float count: said on every point so measured, float epochs in it or not
    if (this.def.tolerances.allowFloat) warnings.push('float-allowed');
    const hasAltitude = kept.every((e) => e.altitude !== null);
    const seps = present(kept.map((e) => e.geoidSeparation));
    if (seps.length < kept.length) warnings.push('no-geoid-separation');
    const total = markToPhaseCentre(this.def.antenna);
    const sats = present(kept.map((e) => e.satellites));
    const ages = present(kept.map((e) => e.correctionAge));
    const reasons = { ...this.reasons };
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
      // continuous: the epochs the gates refused since the previous point (the good ones between were not due)
      epochsRejected: this.def.method === 'continuous' ? this.received - this.goodEpochs - this.rejectedBefore : this.received - kept.length,
      rejectedReasons: reasons,
      fixPercent: this.received ? (100 * this.fixedReceived) / this.received : 0,
      fix: kept.every((e) => e.fix === 'rtk-fixed') ? 'rtk-fixed' : 'rtk-float',
      correctionAge: ages.length ? Math.max(...ages) : null,
      startedAt: this.def.method === 'continuous' ? epochs[0]!.time : (this.firstTime ?? epochs[0]!.time),
      endedAt: this.def.method === 'continuous' ? epochs[epochs.length - 1]!.time : (this.lastTime ?? epochs[epochs.length - 1]!.time),
      warnings,
      setAside,
    };
  }
}

/** Ellipsoidal height of the phase centre when the receiver gave N, else its altitude (0 without either). */
function heightOf(e: Epoch): number {
  return (e.altitude ?? 0) + (e.geoidSeparation ?? 0);
}

function present(values: (number | null)[]): number[] {
  return values.filter((v): v is number => v !== null);
}
function meanOrNull(values: number[]): number | null {
  return values.length ? mean(values) : null;
}

/** Mean of the receiver's GST sigmas over the epochs that have them. */
function receiverSigma(epochs: Epoch[]): { e: number | null; n: number | null; u: number | null } {
  return {
    e: meanOrNull(present(epochs.map((x) => x.sigmaE))),
    n: meanOrNull(present(epochs.map((x) => x.sigmaN))),
    u: meanOrNull(present(epochs.map((x) => x.sigmaV))),
  };
}
