import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveReading } from '@smi/contracts';
import { ingest } from '../device-link/ingest.js';
import { createCounters } from '@smi/contracts';
import type { DeviceDirectory } from '../devices/directory.js';
import type { DeviceRecord } from '@smi/devices';
import { timeOfDay } from './fix-update.js';

/**
 * A 5 Hz receiver (fixtures/l76k-layout-5hz.nmea: the Quectel L76K's layout, RMC before GGA in each epoch, times to
 * the millisecond) sent over MQTT the ways bridges send it: a sentence a message, an epoch a message, and a few lines
 * a message so a burst ends inside the next epoch. Every reading that reaches the socket must carry the position
 * and the time of the epoch whose sentence it came from. The expected values are read from the log's text here,
 * not by the gateway's decoder.
 */
const LOG = readFileSync(new URL('./fixtures/l76k-layout-5hz.nmea', import.meta.url), 'latin1')
  .split(/\r?\n/)
  .filter((l) => l.startsWith('$'));

const DAY = Date.UTC(2024, 10, 25);
const minutes = (field: string, degreeDigits: number) => Number(field.slice(0, degreeDigits)) + Number(field.slice(degreeDigits)) / 60;
const clock = (field: string) => {
  const [hms, frac = '0'] = field.split('.');
  return DAY + ((Number(hms!.slice(0, 2)) * 60 + Number(hms!.slice(2, 4))) * 60 + Number(hms!.slice(4, 6))) * 1000 + Number(`0.${frac}`) * 1000;
};

/** For each positioned sentence (RMC, GGA), the epoch it belongs to: its time and where the receiver put it. */
function epochOf(line: string): { at: number; latitude: number; longitude: number } | null {
  const f = line.split(',');
  const id = f[0]!.slice(3);
  if (id === 'RMC') return { at: clock(f[1]!), latitude: minutes(f[3]!, 2), longitude: minutes(f[5]!, 3) };
  if (id === 'GGA') return { at: clock(f[1]!), latitude: minutes(f[2]!, 2), longitude: minutes(f[4]!, 3) };
  return null;
}

const rover: DeviceRecord = { id: 'd1', code: 'L76K', name: 'L76K', type: 'rover', ownerId: 'u1' } as unknown as DeviceRecord;

/** The log through ingest in messages of the given lines; each reading with the epoch of its message's last fix sentence. */
function replay(messages: string[][]): { reading: LiveReading; epoch: NonNullable<ReturnType<typeof epochOf>> }[] {
  const out: { reading: LiveReading; epoch: NonNullable<ReturnType<typeof epochOf>> }[] = [];
  const made: LiveReading[] = [];
  const feed = ingest({
    directory: { known: () => rover, get: async () => rover } as unknown as DeviceDirectory,
    counters: createCounters(),
    onReading: (state) => void made.push(state.snapshot()),
    onRtcm: () => {},
  });
  for (const lines of messages) {
    const epoch = lines.map(epochOf).filter((e) => e !== null).at(-1);
    made.length = 0;
    // received 150 ms after the epoch it ends with: a live feed, not a replay
    if (epoch) vi.setSystemTime(epoch.at + 150);
    void feed.handle(`devices/${rover.code}/nmea`, Buffer.from(lines.join('\r\n') + '\r\n', 'latin1'));
    if (epoch) {
      expect(made, 'a message with a fix makes one reading').toHaveLength(1);
      out.push({ reading: made[0]!, epoch });
    }
  }
  return out;
}

const chunks = (n: number) => Array.from({ length: Math.ceil(LOG.length / n) }, (_, i) => LOG.slice(i * n, i * n + n));
const bursts = () => LOG.reduce<string[][]>((all, l) => (l.includes('RMC,') ? [...all, [l]] : (all[all.length - 1]!.push(l), all)), []);

describe('a 5 Hz receiver: each reading carries its own epoch', () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => void vi.useRealTimers());

  it('reads every fraction of a second of the time fields (RMC too)', () => {
    expect(timeOfDay('072321.200')).toBe(26_601_200);
    expect(timeOfDay('072321.2')).toBe(26_601_200);
    expect(timeOfDay('072321.25')).toBe(26_601_250);
    expect(timeOfDay('072321')).toBe(26_601_000);
    expect(timeOfDay('235960.000')).toBe(86_400_000);
    for (const bad of ['', '0723', '07232a.2', '072321,2', '256000.0', '077021.0', '072321.x']) expect(timeOfDay(bad), bad).toBeUndefined();
  });

  const ways: [string, string[][]][] = [
    ['a sentence a message', chunks(1)],
    ['an epoch a message (RMC, GGA, GSA ...)', bursts()],
    ['three lines a message (bursts that end inside the next epoch)', chunks(3)],
  ];
  for (const [how, messages] of ways) {
    it(`${how}: the position and the time of the epoch of the sentence, for all 35 epochs`, () => {
      const readings = replay(messages);
      // 1e-9 degree is 0.1 mm; neighbouring epochs are about 2 cm (1.8e-7 degree) apart
      const off = (a: number | string, b: number) => typeof a !== 'number' || Math.abs(a - b) > 1e-9;
      const wrong = readings.filter(({ reading, epoch }) => Date.parse(reading.fixTime as string) !== epoch.at || off(reading.latitude, epoch.latitude) || off(reading.longitude, epoch.longitude));
      expect(wrong.map(({ epoch }) => new Date(epoch.at).toISOString())).toEqual([]);
      expect(new Set(readings.map((r) => r.epoch.at)).size).toBe(35);
    });
  }
});
