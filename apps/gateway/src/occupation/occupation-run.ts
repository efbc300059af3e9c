import { noGoodEpochs, pausedFailure, silentFailure, type EpochRejectReason, type OccupationMethod, type OccupationProgress, type OccupationWait, type Tolerances } from '@smi/contracts';
import { ecefDeltaToEnu, geodeticToEcef, outlierIndices, type AntennaSetup, type Vec3 } from '@smi/geodesy';
import type { Epoch } from './epoch.js';
import { gateOf } from './gates.js';
import { RunningSigma } from './running-sigma.js';
import { heightOf, measure, type Measurement } from './measure.js';
import { agree, reportedSigma, SIGMA_FLOOR, summarise, type Summary } from './segment-groups.js';
import { Segment, type Good } from './segment.js';

export interface RunDefinition {
  method: OccupationMethod;
  tolerances: Tolerances;
  maxPauseS: number;
  splitGapS: number;
  antenna: AntennaSetup;
}

export type { Measurement };

export type StepOutcome =
  | { kind: 'continue' }
  | { kind: 'complete' }
  | { kind: 'store-continuous'; measurement: Measurement }
  | { kind: 'fail'; reason: string };

interface Part {
  segment: Segment;
  stats: RunningSigma;
  /** good-epoch time counted in it, ms */
  occupiedMs: number;
  /** its summary (for comparing it with the others) and the length it was taken at */
  summary: Summary | null;
  summaryAt: number;
}
const newPart = (): Part => ({ segment: new Segment(), stats: new RunningSigma(), occupiedMs: 0, summary: null, summaryAt: -1 });
const countOf = (group: readonly Part[]) => group.reduce((n, p) => n + p.segment.length, 0);
const occupiedOf = (group: readonly Part[]) => group.reduce((n, p) => n + p.occupiedMs, 0);
const goodsOf = (group: readonly Part[]) => group.flatMap((p) => p.segment.toArray());

/**
 * One occupation's arithmetic, without I/O: every epoch is gated (a bad one pauses the count and is kept with its
 * reason), good epochs are counted by their GNSS time, a gap or a re-fix far from the running mean starts a new
 * segment, a long pause fails. Segments that agree within their precision are one stretch of the same mark
 * (decision 043): the point is the median/MAD-cleaned mean of the largest such group, and a short segment that
 * disagrees with it (a false fix after a float spell) is set aside.
 */
export class OccupationRun {
  private seq = 0;
  private received = 0;
  private fixedReceived = 0;
  private readonly reasons: Record<string, number> = {};
  private parts: Part[] = [newPart()];
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
  /** the group the completion test last judged (at the last good epoch), with the precision it found */
  private judged: { sigmaH: number; sigmaV: number } | null = null;
  private completed = false;
  private groupCache: { key: string; group: Part[] } | null = null;
  pausedBy: string | null = null;

  constructor(readonly def: RunDefinition) {}

  get status(): 'running' | 'paused' {
    return this.pausedBy ? 'paused' : 'running';
  }
  get epochsReceived(): number {
    return this.received;
  }
  get goodEpochs(): number {
    return this.goodBefore + countOf(this.parts);
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
        return { seq, reason, outcome: { kind: 'fail', reason: pausedFailure(this.def.maxPauseS, reason, this.def.tolerances, e.fix) } };
      }
      return { seq, reason, outcome: { kind: 'continue' } };
    }
    this.pausedBy = null;
    this.badSince = null;
    const good: Good = { seq, epoch: e, enu: this.enuOf(e) };
    if (this.def.method === 'continuous') return { seq, reason, outcome: this.continuous(good) };

    let part = this.parts[this.parts.length - 1]!;
    if (this.lastGood && part.segment.length && (e.time - this.lastGood.epoch.time > this.def.splitGapS * 1000 || (!this.lastWasGood && this.farFrom(part, good)))) {
      this.parts.push((part = newPart()));
    } else if (this.lastWasGood && this.lastGood) {
      part.occupiedMs += Math.max(0, e.time - this.lastGood.epoch.time);
    }
    part.segment.push(good);
    part.stats.add(good);
    this.lastGood = good;
    this.lastWasGood = true;
    this.completed = this.isComplete();
    return { seq, reason, outcome: this.completed ? { kind: 'complete' } : { kind: 'continue' } };
  }

  /** The point: of the group that completed it, else (stopped early) of the largest group; undefined without a good epoch. */
  result(stoppedEarly: boolean): Measurement | undefined {
    const group = this.completed ? this.currentGroup() : this.largestGroup();
    if (!countOf(group)) return undefined;
    const setAside = new Map<number, EpochRejectReason>();
    for (const p of this.parts) if (!group.includes(p)) for (let i = 0; i < p.segment.length; i++) setAside.set(p.segment.seq(i), 'split');
    const split = setAside.size > 0;
    const m = this.measure(goodsOf(group), setAside);
    if (split) m.warnings.unshift('split');
    if (stoppedEarly) m.warnings.push('stopped-early');
    return m;
  }

  progress(points = this.stored): OccupationProgress {
    const t = this.def.tolerances;
    const continuous = this.def.method === 'continuous';
    const group = continuous ? this.parts : this.currentGroup();
    const used = continuous ? this.goodEpochs : countOf(group);
    const running = group.length === 1 ? group[0]!.stats : RunningSigma.pooled(group.map((p) => p.stats));
    const pooled = running.count >= 2 ? running.sigma() : null;
    const sigmaH = this.judged?.sigmaH ?? (pooled ? Math.hypot(pooled.e, pooled.n) : null);
    const sigmaV = this.judged?.sigmaV ?? (pooled ? pooled.u : null);
    const occupiedMs = occupiedOf(group);
    const waitingFor: OccupationWait[] = [];
    if (!continuous) {
      if (used < Math.max(1, t.minEpochs)) waitingFor.push('epochs');
      if (occupiedMs < t.minSeconds * 1000) waitingFor.push('seconds');
      // judged only once the epochs and the time are there: before, a sigma of a few epochs says little
      if (this.judged && t.sigmaH !== null && this.judged.sigmaH > t.sigmaH) waitingFor.push('sigma-h');
      if (this.judged && t.sigmaV !== null && this.judged.sigmaV > t.sigmaV) waitingFor.push('sigma-v');
    }
    return {
      epochsUsed: used,
      epochsRejected: this.received - used,
      rejectedReasons: { ...this.reasons },
      occupiedS: occupiedMs / 1000,
      elapsedS: this.firstTime !== null && this.lastTime !== null ? (this.lastTime - this.firstTime) / 1000 : 0,
      sigmaH,
      sigmaV,
      waitingFor,
      fix: this.fix,
      pausedBy: this.pausedBy,
      warnings: this.parts.length > group.length ? ['split'] : [],
      points,
    };
  }

  /** Why it failed when its rover fell silent: that, and what it was still waiting for before. */
  silentFailure(seconds: number): string {
    return silentFailure(seconds, this.received ? this.progress() : null, this.def.tolerances);
  }

  /** Why nothing could be stored: no epoch passed the gates (the gates that refused them). */
  noGoodEpochs(): string {
    return noGoodEpochs(this.reasons, this.def.tolerances);
  }

  private continuous(good: Good): StepOutcome {
    const t = this.def.tolerances;
    const last = this.lastStored;
    const due =
      !last ||
      (t.intervalS !== null && good.epoch.time - last.epoch.time >= t.intervalS * 1000) ||
      (t.intervalM !== null && Math.hypot(good.enu[0] - last.enu[0], good.enu[1] - last.enu[1]) >= t.intervalM);
    const part = this.parts[0]!;
    part.segment.push(good);
    part.stats.add(good);
    if (!due) return { kind: 'continue' };
    this.lastStored = good;
    this.stored++;
    const m = this.measure([good], new Map());
    // the next point's epochs start afresh: a continuous occupation keeps no history in memory
    this.goodBefore += part.segment.length;
    this.parts = [newPart()];
    this.rejectedBefore = this.received - this.goodEpochs;
    return { kind: 'store-continuous', measurement: m };
  }

  /** A segment's summary, taken again only when it has grown (the earlier ones never do). */
  private summaryOf(p: Part): Summary {
    if (p.summaryAt !== p.segment.length) {
      p.summary = summarise(p.segment.toArray());
      p.summaryAt = p.segment.length;
    }
    return p.summary!;
  }

  /** The segments that agree with `ref` (itself included), in order. */
  private groupOf(ref: Part): Part[] {
    if (this.parts.length === 1) return this.parts;
    const s = this.summaryOf(ref);
    return this.parts.filter((p) => p === ref || (p.segment.length > 0 && agree(this.summaryOf(p), s)));
  }

  /** The group the epochs go to now: the last segment's. */
  private currentGroup(): Part[] {
    if (this.parts.length === 1) return this.parts;
    const last = this.parts[this.parts.length - 1]!;
    const key = `${this.parts.length}:${last.segment.length}`;
    if (this.groupCache?.key !== key) this.groupCache = { key, group: this.groupOf(last) };
    return this.groupCache.group;
  }

  /** The group with the most epochs (the later one of equals). */
  private largestGroup(): Part[] {
    let best: Part[] = [];
    for (const p of this.parts) {
      const g = this.groupOf(p);
      if (countOf(g) >= countOf(best)) best = g;
    }
    return best;
  }

  private isComplete(): boolean {
    const t = this.def.tolerances;
    const minEpochs = Math.max(1, t.minEpochs);
    this.judged = null;
    // every segment together is the most the current group can be: below that, no need to compare segments
    if (countOf(this.parts) < minEpochs || occupiedOf(this.parts) < t.minSeconds * 1000) return false;
    const group = this.currentGroup();
    const count = countOf(group);
    if (count < minEpochs || occupiedOf(group) < t.minSeconds * 1000) return false;
    if (count < 2 || (t.sigmaH === null && t.sigmaV === null)) return true;
    // the precision the point will have: of the epochs the outlier test keeps
    const goods = goodsOf(group);
    const outliers = outlierIndices(goods.map((g) => g.enu));
    const s = outliers.size ? reportedSigma(goods.filter((_, i) => !outliers.has(i))) : (group.length === 1 ? group[0]!.stats : RunningSigma.pooled(group.map((p) => p.stats))).sigma();
    this.judged = { sigmaH: Math.hypot(s.e, s.n), sigmaV: s.u };
    return (t.sigmaH === null || this.judged.sigmaH <= t.sigmaH) && (t.sigmaV === null || this.judged.sigmaV <= t.sigmaV);
  }

  /** Whether a re-fix is more than 3 sigma from the running mean of the segment being measured. */
  private farFrom(part: Part, g: Good): boolean {
    if (part.segment.length < 2) return false;
    const s = part.stats.sigma();
    const m = part.stats.mean();
    const dh = Math.hypot(g.enu[0] - m[0]!, g.enu[1] - m[1]!);
    const du = Math.abs(g.enu[2] - m[2]!);
    return dh > 3 * Math.max(Math.hypot(s.e, s.n), SIGMA_FLOOR) || du > 3 * Math.max(s.u, SIGMA_FLOOR);
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
    const continuous = this.def.method === 'continuous';
    return measure(segment, setAside, {
      def: this.def,
      reasons: this.reasons,
      received: this.received,
      fixedReceived: this.fixedReceived,
      // continuous: the epochs the gates refused since the previous point (the good ones between were not due)
      rejectedSince: continuous ? this.received - this.goodEpochs - this.rejectedBefore : null,
      span: continuous ? null : { startedAt: this.firstTime, endedAt: this.lastTime },
    });
  }
}
