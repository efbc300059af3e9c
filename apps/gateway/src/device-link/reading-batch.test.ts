import { describe, expect, it } from 'vitest';
import { liveReadingsIn, type LiveReading } from '@smi/contracts';
import { DeviceLive } from './device-live.js';
import { readingBatcher } from './reading-batch.js';

const reading = (code: string): LiveReading => new DeviceLive({ code, name: code, type: 'rover' }, Date.now()).snapshot();
const nextTurn = () => new Promise((r) => setImmediate(r));

describe('readings batched per turn of the event loop', () => {
  it('sends the readings of one turn together, in order, right after the turn', async () => {
    const sent: string[][] = [];
    const b = readingBatcher({ max: 100, send: (rs) => sent.push(rs.map((r) => r.deviceCode)) });
    b.add(reading('A'));
    b.add(reading('B'));
    b.add(reading('C'));
    expect(sent).toEqual([]);
    await nextTurn();
    expect(sent).toEqual([['A', 'B', 'C']]);
    b.add(reading('D'));
    await nextTurn();
    expect(sent).toEqual([['A', 'B', 'C'], ['D']]);
  });

  it('never lets one message grow past `max` readings', async () => {
    const sent: number[] = [];
    const b = readingBatcher({ max: 2, send: (rs) => sent.push(rs.length) });
    for (const code of ['A', 'B', 'C', 'D', 'E']) b.add(reading(code));
    await nextTurn();
    expect(sent).toEqual([2, 2, 1]);
  });

  it('drops what is gathered when closed, sending nothing after', async () => {
    const sent: LiveReading[][] = [];
    const b = readingBatcher({ max: 10, send: (rs) => sent.push(rs) });
    b.add(reading('A'));
    b.close();
    await nextTurn();
    expect(sent).toEqual([]);
  });

  it('reads back a batch as it travels (JSON), a single reading from an older gateway, and drops invalid items', () => {
    const [a, b] = [reading('A'), reading('B')];
    expect(liveReadingsIn(JSON.parse(JSON.stringify([a, b])))).toEqual([a, b]);
    expect(liveReadingsIn(JSON.parse(JSON.stringify(a)))).toEqual([a]);
    expect(liveReadingsIn([a, { deviceCode: 5 }, 'garbage', null])).toEqual([a]);
    expect(liveReadingsIn('garbage')).toEqual([]);
  });
});
