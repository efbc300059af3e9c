import { blockingText, DEFAULT_TOLERANCES, type Tolerances } from '@smi/contracts';
import { describe, expect, it } from 'vitest';
import { ggaOf, replay } from '../testing/nmea-replay.js';
import { EpochAssembler, type Epoch } from './epoch.js';
import { OccupationRun, type StepOutcome } from './occupation-run.js';

const START = Date.UTC(2026, 10, 23, 10, 0, 0);
const ANTENNA = { height: 1.8, type: 'vertical' as const, phaseCentreOffset: 0.134 };
const run = (t: Partial<Tolerances>) => new OccupationRun({ method: 'topo', tolerances: { ...DEFAULT_TOLERANCES.topo, ...t }, maxPauseS: 60, splitGapS: 10, antenna: ANTENNA });

/** 30 fixed epochs, 5 float, one fixed epoch 1 m north (a false fix), 30 fixed at the first position: a real log at 1 Hz. */
function falseFixAfterFloat(r: OccupationRun) {
  const seen: { text: string; outcome: StepOutcome; reason: string | null }[] = [];
  const assembler = new EpochAssembler();
  const edit = (k: number) => (k >= 30 && k < 35 ? { quality: 5 } : k === 35 ? { northShift: 1 } : undefined);
  for (const p of replay({ log: 'ublox-zed-f9p-nmea', rate: 1, count: 66, startMs: START, gstScale: 1 / 250, spreadScale: 1 / 20, edit })) {
    assembler.nmea(p.text, p.time + 300, (e) => {
      const step = r.add(e);
      seen.push({ text: p.text, outcome: step.outcome, reason: step.reason });
    });
  }
  return seen;
}

describe('segments of one mark are one stretch; a short one that disagrees is the outlier', () => {
  it('a false fix after a float spell: the two good stretches around it make the point, 60 epochs, the jump set aside', () => {
    const r = run({ minEpochs: 10_000 });
    const seen = falseFixAfterFloat(r);
    expect(seen.map((s) => s.reason).filter(Boolean)).toEqual(Array(5).fill('not-fixed'));
    const m = r.result(true)!;
    expect(m.epochs).toBe(60);
    expect([...m.setAside.entries()]).toEqual([[35, 'outlier']]);
    expect(m.warnings).not.toContain('split');
    expect(m.rejectedReasons).toEqual({ 'not-fixed': 5, outlier: 1 });
    // the mean of the 60 good epochs, read from the sentences here
    const good = seen.filter((s, i) => s.reason === null && i !== 35).map((s) => ggaOf(s.text));
    expect(Math.abs(m.latitude - good.reduce((a, g) => a + g.latitude, 0) / good.length)).toBeLessThan(1e-9);
    expect(Math.abs(m.longitude - good.reduce((a, g) => a + g.longitude, 0) / good.length)).toBeLessThan(1e-9);
    // while it ran, the stretch counted was both: 61 epochs (the jump among them until the outlier test), 59 s
    expect(r.progress()).toMatchObject({ epochsUsed: 61, epochsRejected: 5, occupiedS: 59, warnings: [] });
  });

  it('the same, measured to its time: it completes on the last epoch, from both stretches', () => {
    const r = run({ minEpochs: 5, minSeconds: 59 });
    const seen = falseFixAfterFloat(r);
    expect(seen.findIndex((s) => s.outcome.kind === 'complete')).toBe(65);
    expect(r.result(false)!.epochs).toBe(60);
  });

  it('a short stretch elsewhere is the outlier: the point is the longer one, the other set aside as apart', () => {
    // 30 at the mark, float, then 8 epochs 1 m north (the pole was moved): the point is the first stretch
    const r = run({ minEpochs: 10_000 });
    const assembler = new EpochAssembler();
    const edit = (k: number) => (k >= 30 && k < 35 ? { quality: 5 } : k >= 35 ? { northShift: 1 } : undefined);
    for (const p of replay({ log: 'ublox-zed-f9p-nmea', rate: 1, count: 43, startMs: START, gstScale: 1 / 250, spreadScale: 1 / 20, edit })) assembler.nmea(p.text, p.time + 300, (e) => r.add(e));
    // while measuring, the stretch being counted is the new one
    expect(r.progress()).toMatchObject({ epochsUsed: 8, warnings: ['split'] });
    const m = r.result(true)!;
    expect(m.epochs).toBe(30);
    expect([...m.setAside.values()]).toEqual(Array(8).fill('split'));
    expect(m.warnings).toContain('split');
  });
});

/** An epoch at the mark, `east` metres east of it, with no GST (so the sample's sigma is the precision). */
function at(k: number, east: number, fix: Epoch['fix'] = 'rtk-fixed'): Epoch {
  const lat = -45.8775672;
  return {
    time: START + k * 1000,
    latitude: lat,
    longitude: 170.5001117 + east / ((Math.PI / 180) * 6_388_838.29 * Math.cos((lat * Math.PI) / 180)),
    altitude: 14.2,
    geoidSeparation: 1.8,
    fix,
    satellites: 14,
    hdop: 0.6,
    pdop: 1.1,
    vdop: null,
    sigmaN: null,
    sigmaE: null,
    sigmaV: null,
    correctionAge: 1,
  };
}

describe('an occupation says what keeps it from finishing', () => {
  it('epochs and time met, sigma H over its limit: it waits for sigma H and says so with the figures judged', () => {
    const r = run({});
    // the pole swaying up to 4.5 cm either side: 10 epochs, all good, all counted, never finishing
    const east = Array.from({ length: 10 }, (_, k) => ((k * 7) % 10) / 100 - 0.045);
    for (const [k, e] of east.entries()) expect(r.add(at(k, e)).outcome.kind).toBe('continue');
    const p = r.progress();
    expect(p.epochsUsed).toBe(10);
    expect(p.occupiedS).toBe(9);
    expect(p.waitingFor).toEqual(['sigma-h']);
    // the sample sigma of those offsets (the north and up are constant, and no GST): 3.03 cm
    const m = east.reduce((a, v) => a + v, 0) / east.length;
    expect(p.sigmaH!).toBeCloseTo(Math.sqrt(east.reduce((a, v) => a + (v - m) ** 2, 0) / 9), 4);
    expect(blockingText(p, DEFAULT_TOLERANCES.topo)).toBe('σH 3.0 cm over 2.0 cm: hold the pole still');
    // the rover then falls silent: the failure says so, and what it was waiting for
    expect(r.silentFailure(60)).toBe('No epoch from the rover for 60 s (before that: σH 3.0 cm over 2.0 cm: hold the pole still)');
  });

  it('still counting: it waits for its epochs and seconds, nothing blocks', () => {
    const r = run({});
    r.add(at(0, 0));
    r.add(at(1, 0.001));
    expect(r.progress().waitingFor).toEqual(['epochs', 'seconds']);
    expect(blockingText(r.progress(), DEFAULT_TOLERANCES.topo)).toBeNull();
  });

  it('a gate pausing the count is the blocking condition, with what the receiver has', () => {
    const r = run({});
    r.add(at(0, 0));
    r.add(at(1, 0, 'rtk-float'));
    expect(blockingText(r.progress(), DEFAULT_TOLERANCES.topo)).toBe('Not RTK fixed (RTK float): wait for RTK fixed in the open sky');
  });

  it('nothing stored because nothing passed: the gates that refused the epochs, with their counts', () => {
    const r = run({});
    for (let k = 0; k < 4; k++) r.add(at(k, 0, 'rtk-float'));
    r.add({ ...at(4, 0), correctionAge: 9 });
    expect(r.result(true)).toBeUndefined();
    expect(r.noGoodEpochs()).toBe('No epoch passed the quality limits (Not RTK fixed: 4; Corrections older than 3 s: 1)');
  });

  it('a sigma over a metre keeps its centimetres', () => {
    const r = run({});
    for (let k = 0; k < 10; k++) r.add(at(k, ((k * 7) % 10) * 0.5 - 2.25));
    expect(blockingText(r.progress(), DEFAULT_TOLERANCES.topo)).toBe('σH 1.51 m over 2.0 cm: hold the pole still');
  });
});
