/** Metres on paper per PDF point (1/72 inch). */
export const METRES_PER_PT = 0.0254 / 72;

/** The smallest "round" number (1, 2, 2.5 or 5 times a power of ten) at least as large as value. */
export function niceCeil(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value - 1e-9 * power) return step * power;
  return 10 * power;
}

/** The largest 1, 2 or 5 times a power of ten not above value. */
export function niceFloor(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [5, 2, 1]) if (step * power <= value + 1e-9 * power) return step * power;
  return power;
}

/** A drawing scale 1:N that fits an extent of width x height metres into a box of boxW x boxH points. */
export function fitScale(widthM: number, heightM: number, boxW: number, boxH: number): number {
  const needed = Math.max(widthM / (boxW * METRES_PER_PT), heightM / (boxH * METRES_PER_PT), 1);
  return niceCeil(needed);
}

export const formatMetres = (m: number) => (m >= 1000 ? `${m / 1000} km` : m >= 1 ? `${m} m` : `${Math.round(m * 100)} cm`);
