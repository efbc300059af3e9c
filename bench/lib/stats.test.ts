import { describe, expect, it } from 'vitest';
import { percentile } from './stats.js';
import { meets, ratio, table } from './report.js';

describe('benchmark arithmetic', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('judges a figure against its target and its ratio to the baseline', () => {
    const f = { name: 'p99', value: 6, unit: 'ms', baseline: { name: 'bare', value: 3 }, target: { value: 10, kind: 'max' as const }, ratioTarget: { value: 3, kind: 'max' as const } };
    expect(ratio(f)).toBe(2);
    expect(meets(f)).toBe(true);
    expect(meets({ ...f, value: 12 })).toBe(false);
    expect(meets({ ...f, baseline: { name: 'bare', value: 1 } })).toBe(false);
    expect(table([{ name: 'live', figures: [f] }])).toContain('| live | p99 | 6.00 ms | 3.00 (bare) | 2.00x | <= 10 ms, <= 3x | yes |');
  });
});
