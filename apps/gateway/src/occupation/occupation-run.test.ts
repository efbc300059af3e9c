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

  it('a gap over 10 s splits (the time across it is not counted), and the two stretches are one where they agree; a pause over 60 s fails', () => {
    const gap = occupy('topo', { log: 'ublox-zed-f9p-nmea', rate: 1, count: 29, receivedAt: (k, t) => t }, { minEpochs: 8, minSeconds: 7 });
    expect(gap.outcome.kind).toBe('complete');
    const base = gap.seen[0]!.epoch;
    const split = (after: Partial<typeof base>) => {
      const run = new OccupationRun({ method: 'topo', tolerances: DEFAULT_TOLERANCES.topo, maxPauseS: 60, splitGapS: 10, antenna: ANTENNA });
      for (let k = 0; k < 3; k++) run.add({ ...base, time: START + k * 1000 });
      run.add({ ...base, time: START + 20_000, ...after });
      return run.progress();
    };
    // back on the same mark after the gap: one stretch of 4 epochs, 2 s counted (the 18 s gap is not)
    expect(split({})).toMatchObject({ warnings: [], epochsUsed: 4, occupiedS: 2 });
    // 1 m north after the gap: a new stretch, counted afresh
    expect(split({ latitude: base.latitude! + 1 / 111_000 })).toMatchObject({ warnings: ['split'], epochsUsed: 1, epochsRejected: 3, occupiedS: 0 });
    const paused = new OccupationRun({ method: 'topo', tolerances: DEFAULT_TOLERANCES.topo, maxPauseS: 60, splitGapS: 10, antenna: ANTENNA });
    paused.add({ ...base, time: START });
    let last: StepOutcome = { kind: 'continue' };
    for (let s = 1; s <= 62 && last.kind === 'continue'; s++) last = paused.add({ ...base, fix: 'rtk-float', time: START + s * 1000 }).outcome;
    // the true reason, in words: what the receiver had instead of a fix
    expect(last).toEqual({ kind: 'fail', reason: 'No usable epoch for 60 s: Not RTK fixed (RTK float)' });
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

/** Every epoch of a replayed log through the assembler into one run; the outcome of each. */
function feed(run: OccupationRun, r: Omit<ReplayOptions, 'startMs'>) {
  const assembler = new EpochAssembler();
  const steps: { epoch: Epoch; text: string; outcome: StepOutcome; reason: string | null }[] = [];
  for (const p of replay({ startMs: START, gstScale: 1 / 250, spreadScale: 1 / 20, ...r })) {
    assembler.nmea(p.text, p.time + 300, (e) => {
      const s = run.add(e);
      steps.push({ epoch: e, text: p.text, outcome: s.outcome, reason: s.reason });
    });
  }
  return steps;
}

describe('splits, float, missing GSA and continuous by distance', () => {
  it('a re-fix more than 3 sigma from the running mean splits and warns; the longer segment makes the point', () => {
    // fixed 0-2, float 3-5, then fixed again 0.2 m north (sigma here is about 2 cm: 3 sigma is about 7 cm)
    const { run, seen, outcome } = occupy('topo', {
      log: 'ublox-zed-f9p-nmea',
      rate: 1,
      count: 29,
      edit: (k) => (k >= 3 && k <= 5 ? { quality: 5 } : k >= 6 ? { northShift: 0.2 } : undefined),
    });
    expect(outcome.kind).toBe('complete');
    expect(run.progress().warnings).toEqual(['split']);
    // the new segment counts from the re-fix: 5 s and 6 epochs of it
    expect(seen).toHaveLength(3 + 3 + 6);
    const m = run.result(false)!;
    expect(m.warnings).toContain('split');
    expect([...m.setAside.entries()].filter(([, r]) => r === 'split')).toEqual([
      [0, 'split'],
      [1, 'split'],
      [2, 'split'],
    ]);
    expect(m.rejectedReasons).toMatchObject({ 'not-fixed': 3, split: 3 });
    const after = seen.slice(6).filter((_, i) => !m.setAside.has(6 + i)).map((s) => ggaOf(s.text));
    expect(Math.abs(m.latitude - after.reduce((s, g) => s + g.latitude, 0) / after.length)).toBeLessThan(1e-9);

    // the same float spell with a re-fix 3 cm away (within 3 sigma): one occupation, no split
    const near = occupy('topo', { log: 'ublox-zed-f9p-nmea', rate: 1, count: 29, edit: (k) => (k >= 3 && k <= 5 ? { quality: 5 } : k >= 6 ? { northShift: 0.03 } : undefined) });
    expect(near.outcome.kind).toBe('complete');
    expect(near.run.progress().warnings).toEqual([]);
    // 2 s before the spell and 3 s after it (the time across it is not counted)
    expect(near.seen).toHaveLength(3 + 3 + 4);
  });

  it('progress reports the sigma of the segment being measured after every epoch, as a two-pass computation over its epochs gives', () => {
    // a long control occupation (no end), a float spell, then a re-fix 0.2 m north: a split, the second segment counted afresh
    const run = new OccupationRun({ method: 'topo', tolerances: { ...DEFAULT_TOLERANCES.topo, minEpochs: 10_000 }, maxPauseS: 60, splitGapS: 10, antenna: ANTENNA });
    const assembler = new EpochAssembler();
    let segment: Epoch[] = [];
    let origin: Epoch | undefined;
    let split = false;
    let checked = 0;
    let sampleRuled = 0;
    for (const p of replay({ startMs: START, gstScale: 1 / 2500, spreadScale: 1 / 20, log: 'ublox-zed-f9p-nmea', rate: 1, count: 60, edit: (k) => (k >= 20 && k <= 22 ? { quality: 5 } : k >= 23 ? { northShift: 0.2 } : undefined) })) {
      assembler.nmea(p.text, p.time + 300, (e) => {
        const { reason } = run.add(e);
        if (reason) return;
        // the epoch that split the occupation is the first of the new segment
        if (!split && run.progress().warnings.includes('split')) {
          split = true;
          segment = [];
        }
        segment.push(e);
        const progress = run.progress();
        if (segment.length < 2) {
          expect(progress.sigmaH).toBeNull();
          return;
        }
        // metres east/north/up of the first good epoch of the whole occupation, by a local tangent plane (cm spreads)
        const o = (origin ??= e);
        // WGS84 radii of curvature at the origin: prime vertical for east, meridian for north
        const rad = Math.PI / 180;
        const [a, e2] = [6378137, 0.00669437999014];
        const w = 1 - e2 * Math.sin(o.latitude! * rad) ** 2;
        const [primeVertical, meridian] = [a / Math.sqrt(w), (a * (1 - e2)) / w ** 1.5];
        const enu = segment.map((x) => [
          (x.longitude! - o.longitude!) * rad * primeVertical * Math.cos(o.latitude! * rad),
          (x.latitude! - o.latitude!) * rad * meridian,
          x.altitude! + (x.geoidSeparation ?? 0),
        ]);
        const twoPass = (k: number) => {
          const m = enu.reduce((a, v) => a + v[k]!, 0) / enu.length;
          return Math.sqrt(enu.reduce((a, v) => a + (v[k]! - m) ** 2, 0) / (enu.length - 1));
        };
        const gst = (f: (x: Epoch) => number | null) => {
          const v = segment.map(f).filter((x): x is number => x !== null);
          return v.length ? v.reduce((a, b) => a + b, 0) / v.length : 0;
        };
        if (twoPass(0) > gst((x) => x.sigmaE) && twoPass(2) > gst((x) => x.sigmaV)) sampleRuled++;
        const e_ = Math.max(twoPass(0), gst((x) => x.sigmaE));
        const n_ = Math.max(twoPass(1), gst((x) => x.sigmaN));
        const u_ = Math.max(twoPass(2), gst((x) => x.sigmaV));
        // a tangent plane differs from the ellipsoid's ENU by far less than 0.01 mm over centimetres
        expect(Math.abs(progress.sigmaH! - Math.hypot(e_, n_))).toBeLessThan(1e-5);
        expect(Math.abs(progress.sigmaV! - u_)).toBeLessThan(1e-5);
        checked++;
      });
    }
    expect(run.progress().warnings).toEqual(['split']);
    // both segments were checked, epoch by epoch, and the sample's sigma (not the receiver's) ruled in many checks
    expect(checked).toBeGreaterThan(40);
    expect(sampleRuled).toBeGreaterThan(10);
  });

  it('float allowed: float epochs count and every point so recorded says float-allowed (and float when it is)', () => {
    const run = new OccupationRun({ method: 'continuous', tolerances: { ...DEFAULT_TOLERANCES.continuous, allowFloat: true, intervalS: 1 }, maxPauseS: 60, splitGapS: 10, antenna: ANTENNA });
    const steps = feed(run, { log: 'ublox-zed-f9p-nmea', rate: 1, count: 6, edit: (k) => (k % 2 ? { quality: 5 } : undefined) });
    const points = steps.flatMap((s) => (s.outcome.kind === 'store-continuous' ? [s.outcome.measurement] : []));
    expect(points).toHaveLength(6);
    expect(points.every((m) => m.warnings.includes('float-allowed'))).toBe(true);
    expect(points.map((m) => m.fix)).toEqual(['rtk-fixed', 'rtk-float', 'rtk-fixed', 'rtk-float', 'rtk-fixed', 'rtk-float']);
    // a topo point under allowFloat, every epoch of it fixed: still says float was allowed
    const topo = occupy('topo', { log: 'ublox-zed-f9p-nmea', rate: 1, count: 29 }, { allowFloat: true });
    expect(topo.outcome.kind).toBe('complete');
    expect(topo.run.result(false)!.warnings).toContain('float-allowed');
    // fixed only (the default): not said
    expect(occupy('topo', { log: 'ublox-zed-f9p-nmea', rate: 1, count: 29 }).run.result(false)!.warnings).not.toContain('float-allowed');
  });

  it('a receiver that sends no GSA: HDOP stands in for PDOP (gate and point), and the point says so', () => {
    const without = occupy('topo', { log: 'ublox-zed-f9p-nmea', rate: 1, count: 29, edit: () => ({ noGsa: true }) });
    expect(without.outcome.kind).toBe('complete');
    const m = without.run.result(false)!;
    const hdops = without.seen.map((s) => Number(s.text.split('\r\n').find((x) => x.slice(3, 6) === 'GGA')!.split(',')[8]));
    expect(m.pdop).toBeCloseTo(hdops.reduce((a, b) => a + b, 0) / hdops.length, 9);
    expect(m.vdop).toBeNull();
    expect(m.warnings).toContain('hdop-for-pdop');
    // an HDOP over the PDOP limit pauses the count as a PDOP would
    const high = occupy('topo', { log: 'ublox-zed-f9p-nmea', rate: 1, count: 29, edit: () => ({ noGsa: true }) }, { maxPdop: 0.5 });
    expect(high.seen.every((s) => s.reason === 'pdop')).toBe(true);
    // with GSA: the receiver's PDOP, no warning
    const withGsa = occupy('topo', { log: 'ublox-zed-f9p-nmea', rate: 1, count: 29 }).run.result(false)!;
    expect(withGsa.pdop).not.toBeCloseTo(m.pdop!, 3);
    expect(withGsa.warnings).not.toContain('hdop-for-pdop');
  });

  it('continuous by distance: a point each time the rover has moved N metres from the last one', () => {
    const run = new OccupationRun({ method: 'continuous', tolerances: { ...DEFAULT_TOLERANCES.continuous, intervalS: null, intervalM: 1 }, maxPauseS: 60, splitGapS: 10, antenna: ANTENNA });
    // walking north 0.4 m an epoch; one float epoch on the way (refused)
    const steps = feed(run, { log: 'ublox-zed-f9p-nmea', rate: 1, count: 12, edit: (k) => ({ northShift: 0.4 * k, quality: k === 4 ? 5 : 4 }) });
    const stored = steps.flatMap((s, k) => (s.outcome.kind === 'store-continuous' ? [k] : []));
    expect(stored).toEqual([0, 3, 6, 9]);
    expect(run.progress()).toMatchObject({ points: 4, epochsUsed: 11, epochsRejected: 1, rejectedReasons: { 'not-fixed': 1 } });
    const rejected = stored.map((k) => (steps[k]!.outcome as Extract<StepOutcome, { kind: 'store-continuous' }>).measurement.epochsRejected);
    expect(rejected).toEqual([0, 0, 1, 0]);
    // each point is its epoch's position, less the antenna
    for (const k of stored) {
      const m = (steps[k]!.outcome as Extract<StepOutcome, { kind: 'store-continuous' }>).measurement;
      const g = ggaOf(steps[k]!.text);
      expect(Math.abs(m.latitude - g.latitude)).toBeLessThan(1e-9);
      expect(Math.abs(m.ellipsoidalHeight! - (g.height - 1.934))).toBeLessThan(1e-4);
    }
  });
});
