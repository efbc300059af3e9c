import { describe, expect, it } from 'vitest';
import type { Epoch } from './epoch.js';
import { Segment, type Good } from './segment.js';

describe('a segment keeps its good epochs in columns', () => {
  it('gives back every epoch exactly as pushed, nulls and fix types included, across its growth', () => {
    const fixes: Epoch['fix'][] = ['rtk-fixed', 'rtk-float', null, 'dgps'];
    const goods: Good[] = Array.from({ length: 300 }, (_, i) => ({
      seq: 1000 + i,
      epoch: {
        time: Date.UTC(2026, 10, 24, 12, 0, 0, i * 50),
        latitude: -45.8775672 + i * 1.234567e-9,
        longitude: 170.5001117 - i * 7.654321e-9,
        altitude: i % 7 === 0 ? null : 14.2 + i / 1e4,
        geoidSeparation: i % 5 === 0 ? null : 1.8,
        fix: fixes[i % fixes.length]!,
        satellites: i % 3 === 0 ? null : 12 + (i % 9),
        hdop: 0.6,
        pdop: i % 2 ? null : 1.1,
        vdop: null,
        sigmaN: 0.011 + i / 1e6,
        sigmaE: i % 4 === 0 ? null : 0.012,
        sigmaV: 0.021,
        correctionAge: i % 11 === 0 ? null : (i % 30) / 10,
      },
      enu: [i * 1e-4, -i * 2e-4, Math.sin(i) / 100],
    }));
    const s = new Segment();
    for (const g of goods) s.push(g);
    expect(s.length).toBe(300);
    expect(s.toArray()).toEqual(goods);
    expect(s.seq(299)).toBe(1299);
    expect(s.at(17)).toEqual(goods[17]);
  });

});
