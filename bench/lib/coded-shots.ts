import type { Shot } from '../../packages/feature-codes/src/index.js';

/**
 * A topographic survey of `count` coded shots in measured order, the same every run (a fixed linear congruential
 * sequence): two parallel edges of pavement with kerb-and-fence shots on both, arcs at the bends, buildings closed
 * by their polygon code, trees and manholes between, a joined fence every hundred shots.
 */
export function codedSurvey(count: number): Shot[] {
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const shots: Shot[] = [];
  const add = (code: string, e: number, n: number) => shots.push({ id: `p${shots.length}`, name: String(1000 + shots.length), code, e, n, h: 50 + random() });
  let chain = 0;
  while (shots.length < count) {
    const e = 500_000 + chain;
    const n = 7_000_000 + 20 * Math.sin(chain / 200);
    const bend = chain % 400 === 0;
    add(bend ? 'EP1 PC' : chain % 400 === 20 ? 'EP1 PT' : 'EP1', e, n);
    add('EP2', e, n + 7);
    add(chain % 1000 === 0 ? 'KB1 FE1 ST' : 'KB1 FE1', e, n - 1);
    add(chain % 100 === 50 ? `FE2 JPN ${1000 + shots.length - 40}` : 'FE2', e, n + 9);
    if (chain % 40 === 0) {
      const [be, bn] = [e + 5, n + 20];
      add('BLD ST', be, bn);
      add('BLD', be + 12, bn);
      add('BLD', be + 12, bn + 8);
      add('BLD CLO', be, bn + 8);
    }
    add(random() < 0.5 ? 'TREE' : random() < 0.5 ? 'MH' : 'SH', e + random() * 5, n + 12 + random() * 5);
    chain += 5;
  }
  return shots.slice(0, count);
}
