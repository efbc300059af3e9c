import type { DesignVertex } from '../types.js';

/** Vertices this close are one: a line ending on its first vertex is a closed line. */
export const SAME_VERTEX_M = 0.001;

/**
 * A line whose last vertex repeats its first (a GeoJSON ring, a CAD polyline drawn back to its start) as a closed
 * line without the repeat, so every format gives the same stations for the same shape.
 */
export function closeRing(vertices: DesignVertex[], closed: boolean): { vertices: DesignVertex[]; closed: boolean } {
  const first = vertices[0];
  const last = vertices[vertices.length - 1];
  if (vertices.length > 3 && first && last && Math.hypot(last.e - first.e, last.n - first.n) <= SAME_VERTEX_M) {
    return { vertices: vertices.slice(0, -1), closed: true };
  }
  return { vertices, closed };
}
