import { describe, expect, it } from 'vitest';
import type { PointView } from '@smi/contracts';
import { applyPointChanges } from './points';

const at = (id: string, Name: string, Timestamp: string) => ({ _id: id, Name, Timestamp }) as PointView;

describe('a pushed change applied to the cached list of points', () => {
  it('replaces a changed point where it is, adds a new one in time order, drops a deleted one, and leaves the list given as it was', () => {
    const list = [at('a', 'A', '2026-11-23T10:00:00.000Z'), at('b', 'B', '2026-11-23T10:05:00.000Z'), at('c', 'C', '2026-11-23T10:09:00.000Z')];
    const next = applyPointChanges(list, [
      { Seq: 4, PointId: 'b', Point: at('b', 'B renamed', '2026-11-23T10:05:00.000Z') },
      { Seq: 5, PointId: 'n', Point: at('n', 'New', '2026-11-23T10:07:00.000Z') },
      { Seq: 6, PointId: 'a', Point: null },
      { Seq: 7, PointId: 'z', Point: at('z', 'Last', '2026-11-23T11:00:00.000Z') },
      // a deletion of a point this list never had changes nothing
      { Seq: 8, PointId: 'gone', Point: null },
    ]);
    expect(next.map((p) => p.Name)).toEqual(['B renamed', 'New', 'C', 'Last']);
    expect(list.map((p) => p.Name)).toEqual(['A', 'B', 'C']);
  });
});
