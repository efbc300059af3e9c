import type { MouseEvent } from 'react';
import { pickAt, planFit, type PlanPoint } from './plan';

const W = 390;
const H = 260;

/**
 * The design points on a plan in the project's grid (grid north up), the rover and the target: a tap on a point
 * chooses it as the target. Staked points are filled (green in tolerance at their last stake, red out).
 */
export function DesignPlan({ points, staked, targetId, rover, onPick }: {
  points: readonly (PlanPoint & { name: string })[];
  staked: ReadonlyMap<string, { last: { inTolerance: boolean | null } }>;
  targetId: string | null;
  rover: { easting: number; northing: number } | null;
  onPick: (id: string) => void;
}) {
  const fit = planFit(rover ? [...points, rover] : points, W, H);
  const labels = points.length <= 60;
  function tap(e: MouseEvent<SVGSVGElement>) {
    const box = e.currentTarget.getBoundingClientRect();
    // the drawing is scaled to the element's width: a tap in CSS pixels back to the drawing's
    const k = box.width ? W / box.width : 1;
    const hit = pickAt(points, fit, (e.clientX - box.left) * k, (e.clientY - box.top) * k);
    if (hit) onPick(hit.id);
  }
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="w-full touch-manipulation rounded border border-slate-200 bg-slate-50" role="group" aria-label="Plan of the design points: tap one to stake it" onClick={tap}>
      <text x={W - 14} y={16} textAnchor="middle" className="fill-slate-500 text-[11px] font-semibold">N ↑</text>
      {points.map((p) => {
        const s = staked.get(p.id);
        const fill = s ? (s.last.inTolerance === false ? '#c62828' : '#1a7f37') : 'white';
        const chosen = p.id === targetId;
        return (
          <g key={p.id} data-testid={`plan-point-${p.name}`}>
            <circle cx={fit.toX(p.easting)} cy={fit.toY(p.northing)} r={chosen ? 7 : 4.5} fill={fill} stroke={chosen ? '#0369a1' : '#5b3fa0'} strokeWidth={chosen ? 3 : 1.5}>
              <title>{p.name}</title>
            </circle>
            {labels && <text x={fit.toX(p.easting) + 7} y={fit.toY(p.northing) - 6} className="pointer-events-none fill-slate-700 text-[10px]">{p.name}</text>}
          </g>
        );
      })}
      {rover && <circle cx={fit.toX(rover.easting)} cy={fit.toY(rover.northing)} r={5} fill="#0284c7" stroke="white" strokeWidth={2} aria-label="Rover" />}
    </svg>
  );
}
