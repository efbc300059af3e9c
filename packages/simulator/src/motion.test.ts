import { describe, expect, it } from 'vitest';
import { delta, offset, walkTo, WALK_SPEED_MS } from './motion.js';

const metresBetween = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) => {
  const d = delta(a, b);
  return Math.hypot(d.northM, d.eastM);
};

describe('walkTo', () => {
  const from = { latitude: 59.3293, longitude: 18.0686 };
  const to = offset(from.latitude, from.longitude, 12, 9); // 15 m away

  it('stands at the start, walks at the given speed in a straight line, then stands on the target', () => {
    const walk = walkTo({ from, to, speed: 1.5, startAfter: 2 });
    expect(walk(0)).toEqual({ ...from, moving: false });
    expect(walk(2)).toEqual({ ...from, moving: false });
    // 15 m at 1.5 m/s: under way for 10 s, on the target from t = 12 s for good
    for (let t = 2.5; t < 12; t += 0.5) {
      const p = walk(t);
      expect(p.moving).toBe(true);
      expect(metresBetween(from, p)).toBeCloseTo((t - 2) * 1.5, 6);
      expect(metresBetween(p, to)).toBeCloseTo(15 - (t - 2) * 1.5, 4);
    }
    for (const t of [12.001, 13, 60, 3600]) {
      const p = walk(t);
      expect(p.moving).toBe(false);
      expect(metresBetween(p, to)).toBeLessThan(1e-6);
    }
  });

  it('never goes faster than the speed between epochs, and goes at walking pace unless told', () => {
    const walk = walkTo({ from, to });
    let last = walk(0);
    let reachedAt: number | undefined;
    for (let i = 1; i <= 200; i++) {
      const t = i * 0.1;
      const p = walk(t);
      expect(metresBetween(last, p) / 0.1).toBeLessThanOrEqual(WALK_SPEED_MS + 1e-6);
      if (reachedAt === undefined && !p.moving && metresBetween(p, to) < 1e-6) reachedAt = t;
      last = p;
    }
    // 15 m at 1.2 m/s: on the target at 12.5 s, seen at the first sample from then (0.1 s apart)
    expect(reachedAt).toBeGreaterThanOrEqual(15 / WALK_SPEED_MS - 1e-9);
    expect(reachedAt).toBeLessThanOrEqual(15 / WALK_SPEED_MS + 0.1 + 1e-9);
  });

  it('refuses a walk that never moves', () => {
    expect(() => walkTo({ from, to, speed: 0 })).toThrow(/speed/);
  });

  it('the start and target round-trip through delta and offset to well under a millimetre', () => {
    const d = delta(from, to);
    expect(d.northM).toBeCloseTo(12, 6);
    expect(d.eastM).toBeCloseTo(9, 4);
  });
});
