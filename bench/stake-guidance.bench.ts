import { fileURLToPath } from 'node:url';
import { antennaSetup, DEFAULT_STAKE, type LiveReading } from '@smi/contracts';
import { buildGeodesy, gridStore } from '../apps/api/src/crs/project-geodesy.js';
import { placedCoordinates, placeReading, type Placement } from '../apps/api/src/occupations/record-preview.js';
import { resolveAntenna } from '../apps/api/src/occupations/settings.js';
import { guide, TravelTracks, type StakeContext } from '../apps/api/src/stake/guidance.js';
import type { BenchResult, Figure } from './lib/report.js';

/**
 * Stake-out guidance per epoch, in CPU microseconds: 50 rovers at 10 Hz for 20 s each walking onto their targets,
 * every epoch guided in the direction of travel (placement, project coordinate, deltas, tolerance, track). Baseline,
 * in the same run on the same epochs: the Record preview's own work on a reading (placement and project coordinate),
 * which guidance (the gate, the deltas, the tolerance, the direction of travel) may at most double.
 */
const ROVERS = 50;
const HZ = 10;
const SECONDS = 20;
const RUNS = 5;
const RATIO = 2;
/** 50 rovers at 10 Hz is 500 epochs a second: at 100 us each, 5 % of one core */
const PER_EPOCH_TARGET_US = 100;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
function cpuUs(work: () => void): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

export async function run(): Promise<BenchResult> {
  const geodesy = buildGeodesy({ crs_code: 32633, vertical: 'ellipsoidal', geoid_model: null, vertical_crs_code: null, corrections_datum: 'WGS84', helmert_fallback: false }, null, gridStore(''));
  const placement = { ref: { broadcast: null, live: null }, current: undefined, setup: undefined } as unknown as Placement;
  const antenna = resolveAntenna(antennaSetup.parse({ Height: 1.8 }));
  const start = Date.parse('2026-11-28T12:00:00Z');
  const contexts: StakeContext[] = [];
  const epochs: { ctx: number; reading: LiveReading; now: number }[] = [];
  for (let r = 0; r < ROVERS; r++) {
    const lat0 = 48.2 + r * 0.001;
    const lon0 = 16.37;
    const target = geodesy.grid(lat0 + 0.0002, lon0 + 0.0002, 200)!;
    contexts.push({ geodesy, unit: 'metre', placement, antenna, stake: DEFAULT_STAKE, samplingIntervalS: 1, target: { id: `t${r}`, name: `P${r}`, e: target.easting, n: target.northing, h: 198.2 } });
    for (let i = 0; i < HZ * SECONDS; i++) {
      const f = i / (HZ * SECONDS - 1);
      const at = new Date(start + (i * 1000) / HZ).toISOString();
      epochs.push({
        ctx: r,
        now: start + (i * 1000) / HZ + 150,
        reading: {
          deviceCode: `ROVER-${r}`, deviceName: 'Rover', Name: 'Rover', deviceType: 'rover', action: 'position', status: 'online', timestamp: at, fixTime: at,
          latitude: lat0 + 0.0002 * f, longitude: lon0 + 0.0002 * f, altitude: 155, geoidSeparation: 45, battery: 90, signal: 90, fixType: 'rtk-fixed', satellites: 20, hdop: 0.6,
          accuracy: 0.01, verticalAccuracy: 0.02, correctionAge: 1,
        },
      });
    }
  }
  // epochs in arrival order: every rover's i-th epoch before any rover's (i+1)-th
  epochs.sort((a, b) => a.now - b.now || a.ctx - b.ctx);
  let sink = 0;
  const baseline = () => {
    for (const e of epochs) {
      const r = e.reading;
      const placed = placeReading(placement, { Latitude: r.latitude as number, Longitude: r.longitude as number, Altitude: r.altitude as number, GeoidSeparation: 45 }, antenna);
      sink += placedCoordinates(geodesy, placement, placed, 45, new Date(Date.parse(r.fixTime as string)))!.easting;
    }
  };
  const guided = () => {
    const tracks = new TravelTracks();
    for (const e of epochs) sink += guide(contexts[e.ctx]!, e.reading, e.now, { orientation: 'travel', tracks }).guidance!.distance;
  };
  const end = epochs[epochs.length - 1]!;
  const last = guide(contexts[end.ctx]!, end.reading, end.now, { orientation: 'north' });
  if (!last.live || !last.guidance!.within.both) throw new Error(`the walk does not end on the target: ${JSON.stringify(last.guidance)}`);
  baseline();
  guided();
  const base: number[] = [];
  const got: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    base.push(cpuUs(baseline) / epochs.length);
    got.push(cpuUs(guided) / epochs.length);
  }
  const figure: Figure = {
    name: `guidance per epoch, ${ROVERS} rovers at ${HZ} Hz (CPU)`,
    value: median(got),
    unit: 'us',
    baseline: { name: 'Record preview placement + project coordinate per epoch (CPU)', value: median(base) },
    target: { value: PER_EPOCH_TARGET_US, kind: 'max' },
    ratioTarget: { value: RATIO, kind: 'max' },
  };
  return { name: 'stake-guidance', figures: [figure], notes: [`${epochs.length} epochs; guided ${got.map((x) => x.toFixed(1)).join('/')} us, baseline ${base.map((x) => x.toFixed(1)).join('/')} us (${sink > 0 ? 'ok' : '-'})`] };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { table } = await import('./lib/report.js');
  const result = await run();
  console.log(table([result]));
  console.log(result.notes?.join('\n'));
}
