import type { OccupationReport } from '@smi/contracts';
import { describe, expect, it } from 'vitest';
import { reportBatcher } from './report-batcher.js';

const report = (n: number) => ({ ownerId: `u${n}`, occupation: { _id: `o${n}` } }) as unknown as OccupationReport;
const turn = () => new Promise((r) => setImmediate(r));

describe('occupation reports to the api', () => {
  it('go as one message per turn of the event loop, at most 50 reports each, in the order made', async () => {
    const sent: OccupationReport[][] = [];
    const add = reportBatcher((reports) => sent.push(reports));
    for (let i = 0; i < 120; i++) add(report(i));
    expect(sent).toEqual([]);
    await turn();
    expect(sent.map((m) => m.length)).toEqual([50, 50, 20]);
    expect(sent.flat().map((r) => r.ownerId)).toEqual(Array.from({ length: 120 }, (_, i) => `u${i}`));
    // a report of a later turn is a message of its own
    add(report(120));
    await turn();
    expect(sent).toHaveLength(4);
    expect(sent[3]).toEqual([report(120)]);
  });
});
