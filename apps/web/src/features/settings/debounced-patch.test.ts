import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SettingsPatch } from '@smi/contracts';
import { DebouncedPatch, mergePatch } from './debounced-patch';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('settings saves after a 300 ms quiet period', () => {
  it('sends nothing before 300 ms of quiet, then one save', () => {
    const sent: SettingsPatch[] = [];
    const d = new DebouncedPatch((p) => sent.push(p));
    d.push({ system: { distanceUnit: 'FEET' } });
    vi.advanceTimersByTime(299);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ system: { distanceUnit: 'FEET' } }]);
  });

  it('a later change replaces the pending save and restarts the wait', () => {
    const sent: SettingsPatch[] = [];
    const d = new DebouncedPatch((p) => sent.push(p));
    d.push({ map: { theme: 'Dark' } });
    vi.advanceTimersByTime(200);
    d.push({ map: { theme: 'Light' } });
    vi.advanceTimersByTime(200);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([{ map: { theme: 'Light' } }]);
  });

  it('keeps a quick change of another key in the replacing save', () => {
    const sent: SettingsPatch[] = [];
    const d = new DebouncedPatch((p) => sent.push(p));
    d.push({ system: { distanceUnit: 'FEET' } });
    d.push({ map: { theme: 'Dark' } });
    d.push({ system: { baseStationCoordinates: 'MANUAL' } });
    vi.advanceTimersByTime(300);
    expect(sent).toEqual([{ system: { distanceUnit: 'FEET', baseStationCoordinates: 'MANUAL' }, map: { theme: 'Dark' } }]);
  });

  it('flush sends what waits at once; cancel drops it', () => {
    const sent: SettingsPatch[] = [];
    const d = new DebouncedPatch((p) => sent.push(p));
    d.push({ account: { notifications: 'OFF' } });
    d.flush();
    expect(sent).toHaveLength(1);
    d.push({ account: { notifications: 'ON' } });
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    expect(d.hasPending).toBe(false);
  });

  it('mergePatch lets the later value of the same key win', () => {
    expect(mergePatch({ device: { samplingInterval: '1s' } }, { device: { samplingInterval: '5s' } })).toEqual({ device: { samplingInterval: '5s' } });
    expect(mergePatch(null, { map: { accuracyCircles: 'Hide' } })).toEqual({ map: { accuracyCircles: 'Hide' } });
  });
});
