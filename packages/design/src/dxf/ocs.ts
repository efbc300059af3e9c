import type { DxfEntity } from './groups.js';

type V3 = [number, number, number];

const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: V3): V3 => {
  const l = Math.hypot(...a);
  return [a[0] / l, a[1] / l, a[2] / l];
};

export interface Ocs {
  /** an entity coordinate system point -> world (x, y, z) */
  toWorld(x: number, y: number, z: number): V3;
  /** -1 when the entity is seen from below (its arcs turn the other way in plan), else 1 */
  flip: number;
  /** the entity's plane is not horizontal: its arcs are not circles in plan */
  tilted: boolean;
}

const IDENTITY: Ocs = { toWorld: (x, y, z) => [x, y, z], flip: 1, tilted: false };

/**
 * DXF's arbitrary axis algorithm: LWPOLYLINE, 2D POLYLINE, TEXT and INSERT coordinates are in the entity's own
 * system, given by its extrusion direction (210/220/230); a drawing mirrored in CAD has (0, 0, -1).
 */
export function ocsOf(e: DxfEntity, num: (code: number) => number | undefined): Ocs {
  const az: V3 = [num(210) ?? 0, num(220) ?? 0, num(230) ?? 1];
  if (az[0] === 0 && az[1] === 0 && az[2] === 1) return IDENTITY;
  if (Math.hypot(...az) === 0) return IDENTITY;
  const z = unit(az);
  const ax = unit(Math.abs(z[0]) < 1 / 64 && Math.abs(z[1]) < 1 / 64 ? cross([0, 1, 0], z) : cross([0, 0, 1], z));
  const ay = unit(cross(z, ax));
  return {
    toWorld: (x, y, h) => [x * ax[0] + y * ay[0] + h * z[0], x * ax[1] + y * ay[1] + h * z[1], x * ax[2] + y * ay[2] + h * z[2]],
    flip: z[2] < 0 ? -1 : 1,
    tilted: Math.abs(z[2]) < 1 - 1e-9,
  };
}
