import { DEFAULT_TOLERANCES, type OccupationMethod, type Tolerances } from '@smi/contracts';
import { describe, expect, it } from 'vitest';
import { ggaOf, replay, type ReplayOptions } from '../testing/nmea-replay.js';
import { EpochAssembler, type Epoch } from './epoch.js';
import { OccupationRun, type StepOutcome } from './occupation-run.js';

const START = Date.UTC(2026, 10, 23, 10, 0, 0);
const ANTENNA = { height: 1.8, type: 'vertical' as const, phaseCentreOffset: 0.134 };

/** Replays a real log into a run as the engine does (through the epoch assembler), until it completes or fails. */
function occupy(method: OccupationMethod, r: Omit<ReplayOptions, 'startMs'> & { startMs?: number; receivedAt?: (k: number, time: number) => number }, t: Partial<Tolerances> = {}) {
  const run = new OccupationRun({ method, tolerances: { ...DEFAULT_TOLERANCES[method], ...t }, maxPauseS: 60, splitGapS: 10, antenna: ANTENNA });
  const payloads = replay({ startMs: START, gstScale: 1 / 250, spreadScale: 1 / 20, ...r });
  const assembler = new EpochAssembler();
  const seen: { epoch: Epoch; reason: string | null; text: string }[] = [];
  let outcome: StepOutcome = { kind: 'continue' };
  for (const [k, p] of payloads.entries()) {
    assembler.nmea(p.text, r.receivedAt ? r.receivedAt(k, p.time) : p.time + 300, (e) => {
      const step = run.add(e);
      seen.push({ epoch: e, reason: step.reason, text: p.text });
      outcome = step.outcome;
    });
    if (outcome.kind !== 'continue') break;
  }
  return { run, seen, outcome: outcome as StepOutcome };
}

describe('an occupation replaying real receiver logs (u-blox ZED-F9P)', () => {
  it('1 Hz topo: a drop to float mid-occupation pauses the count, which resumes when fixed again', () => {
    const { run, seen, outcome } = occupy('topo', { log: 'ublox-zed-f9p-nmea', rate: 1, count: 29, edit: (k) => (k >= 2 && k <= 4 ? { quality: 5 } : undefined) });
    expect(outcome.kind).toBe('complete');
    expect(seen.filter((s) => s.reason === 'not-fixed')).toHaveLength(3);
    // 2 good (1 s counted), 3 float (paused: the time across the pause is not counted), then 5 good (4 s more)
    expect(seen).toHaveLength(2 + 3 + 5);
    const p = run.progress();
    expect(p.epochsUsed).toBe(7);
    expect(p.rejectedReasons).toEqual({ 'not-fixed': 3 });
    expect(p.occupiedS).toBe(5);
    expect(p.elapsedS).toBe(9);
    expect(p.pausedBy).toBeNull();
    const m = run.result(false)!;
    expect(m.fixPercent).toBeCloseTo((100 * 7) / 10, 9);
    expect(m.warnings).not.toContain('no-receiver-sigma');
  });

  it('the averaged point is the mean of the accepted epochs (1e-9 degrees, 0.1 mm), minus the antenna along the normal', () => {
    const { run, seen } = occupy('topo', { log: 'ublox-zed-f9p-nmea', rate: 1, count: 29 }, { minEpochs: 20, minSeconds: 19 });
    expect(seen.filter((s) => s.reason === null)).toHaveLength(20);
    const m = run.result(false)!;
    // the outlier test's verdict is the run's; the mean of what it kept is computed here from the sentences
    const accepted = seen.filter((s, i) => s.reason === null && !m.setAside.has(i)).map((s) => ggaOf(s.text));
    const avg = (f: (g: (typeof accepted)[number]) => number) => accepted.reduce((s, g) => s + f(g), 0) / accepted.length;
    expect(m.epochs).toBe(accepted.length);
    expect(accepted.length).toBeGreaterThanOrEqual(18);
    expect(Math.abs(m.latitude - avg((g) => g.latitude))).toBeLessThan(1e-9);
    expect(Math.abs(m.longitude - avg((g) => g.longitude))).toBeLessThan(1e-9);
    // the mark: 1.800 m pole + 0.134 m ARP -> phase centre below the averaged phase centre
    expect(Math.abs(m.ellipsoidalHeight! - (avg((g) => g.height) - 1.934))).toBeLessThan(1e-4);
    expect(m.geoidSeparation).toBeCloseTo(1.8, 9);
    expect(Math.abs(m.altitude! - (avg((g) => g.height) - 1.8 - 1.934))).toBeLessThan(1e-4);
  });

  it('10 Hz: a 0.5 m false-fix jump is rejected as an outlier, and the point is the mean of the rest', () => {
    const { run, seen, outcome } = occupy('topo', { log: 'ublox-zed-f9p-nmea', rate: 10, count: 200, edit: (k) => (k === 20 ? { northShift: 0.5 } : undefined) });
    expect(outcome.kind).toBe('complete');
    const m = run.result(false)!;
    const jump = seen.findIndex((s) => Math.abs(ggaOf(s.text).latitude - ggaOf(seen[0]!.text).latitude) > 3e-6);
    expect(jump).toBe(20);
    expect([...m.setAside.entries()]).toEqual([[20, 'outlier']]);
    expect(m.rejectedReasons.outlier).toBe(1);
    const rest = seen.filter((s, i) => s.reason === null && i !== 20).map((s) => ggaOf(s.text));
    expect(Math.abs(m.latitude - rest.reduce((s, g) => s + g.latitude, 0) / rest.length)).toBeLessThan(1e-9);
  });

  it('a correction-age spike pauses the count with its reason', () => {
    const { run, seen, outcome } = occupy('topo', { log: 'ublox-zed-f9p-nmea', rate: 1, count: 29, edit: (k) => (k === 3 || k === 4 ? { age: '7.5' } : undefined) });
    expect(outcome.kind).toBe('complete');
    expect(seen.map((s) => s.reason)).toEqual([null, null, null, 'correction-age', 'correction-age', null, null, null, null]);
    expect(run.progress().pausedBy).toBeNull();
    expect(run.result(false)!.correctionAge).toBe(1);
  });

  it('without GST (the RTK log has none) the precision is the sample sigma alone, and the point says so', () => {
    const { run, outcome } = occupy('topo', { log: 'ublox-zed-f9p-rtk', rate: 1, count: 9 }, { minSatellites: null });
    expect(outcome.kind).toBe('complete');
    const m = run.result(false)!;
    expect(m.receiverSigmaE).toBeNull();
    expect(m.warnings).toContain('no-receiver-sigma');
    expect(m.sigmaN).toBeGreaterThan(0);
    expect(m.pdop).not.toBeNull();
  });

  it('20 Hz gives 20 epochs a second: a 5 s topo is 101 epochs', () => {
    const { run, outcome } = occupy('topo', { log: 'ublox-zed-f9p-nmea', rate: 20, count: 400 });
    expect(outcome.kind).toBe('complete');
    expect(run.progress().epochsUsed).toBe(101);
    expect(run.progress().occupiedS).toBe(5);
  });

  it('a burst of buffered epochs (all received at once after a reconnect) counts by GGA time', () => {
    const { run, outcome, seen } = occupy('topo', { log: 'ublox-zed-f9p-nmea', rate: 1, count: 29, receivedAt: () => START + 30_000 });
    expect(outcome.kind).toBe('complete');
    expect(seen).toHaveLength(6);
    expect(seen.map((s) => s.epoch.time - START)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    expect(run.progress().occupiedS).toBe(5);
  });

  it('a gap over 10 s splits and warns; a pause over 60 s fails', () => {
    const gap = occupy('topo', { log: 'ublox-zed-f9p-nmea', rate: 1, count: 29, receivedAt: (k, t) => t }, { minEpochs: 8, minSeconds: 7 });
    expect(gap.outcome.kind).toBe('complete');
    const split = new OccupationRun({ method: 'topo', tolerances: DEFAULT_TOLERANCES.topo, maxPauseS: 60, splitGapS: 10, antenna: ANTENNA });
    const base = gap.seen[0]!.epoch;
    for (let k = 0; k < 3; k++) split.add({ ...base, time: START + k * 1000 });
    split.add({ ...base, time: START + 20_000 });
    expect(split.progress().warnings).toEqual(['split']);
    expect(split.progress().occupiedS).toBe(0);
    const paused = new OccupationRun({ method: 'topo', tolerances: DEFAULT_TOLERANCES.topo, maxPauseS: 60, splitGapS: 10, antenna: ANTENNA });
    paused.add({ ...base, time: START });
    let last: StepOutcome = { kind: 'continue' };
    for (let s = 1; s <= 62 && last.kind === 'continue'; s++) last = paused.add({ ...base, fix: 'rtk-float', time: START + s * 1000 }).outcome;
    expect(last).toEqual({ kind: 'fail', reason: 'paused over 60 s: not-fixed' });
  });

  it('rapid takes one fixed epoch; continuous stores a point every interval', () => {
    const rapid = occupy('rapid', { log: 'ublox-zed-f9p-nmea', rate: 1, count: 29, edit: (k) => (k === 0 ? { quality: 5 } : undefined) });
    expect(rapid.outcome.kind).toBe('complete');
    expect(rapid.seen).toHaveLength(2);
    const run = new OccupationRun({ method: 'continuous', tolerances: { ...DEFAULT_TOLERANCES.continuous, intervalS: 2 }, maxPauseS: 60, splitGapS: 10, antenna: ANTENNA });
    const base = rapid.seen[1]!.epoch;
    const kinds = Array.from({ length: 7 }, (_, k) => run.add({ ...base, time: START + k * 1000 }).outcome.kind);
    expect(kinds).toEqual(['store-continuous', 'continue', 'store-continuous', 'continue', 'store-continuous', 'continue', 'store-continuous']);
  });
});
