import type { StakeGuidanceReply } from '@smi/contracts';
import { unitSymbol } from '../../../lib/grid';

export type DeltaMode = 'ne' | 'fr';

const FIX: Record<string, string> = { 'rtk-fixed': 'RTK fixed', 'rtk-float': 'RTK float', dgps: 'DGPS', single: 'Single', 'dead-reckoning': 'Dead reckoning', manual: 'Manual', simulation: 'Simulation', 'N/A': 'No fix' };

/** A length for the screen: centimetres inside a metre in a metric project, else 3 decimals in the unit. */
export function length(v: number, unit: string): string {
  const a = Math.abs(v);
  if (unit === 'metre' && a < 1) return `${(a * 100).toFixed(1)} cm`;
  return `${a.toFixed(3)} ${unitSymbol(unit)}`;
}

/** Fix type, satellites and correction age: always on screen. */
export function FixLine({ g }: { g: StakeGuidanceReply }) {
  const f = g.fix;
  return (
    <p className="flex flex-wrap gap-x-3 text-sm text-slate-700" data-testid="stake-fix">
      <span className={f.type === 'rtk-fixed' ? 'font-semibold text-emerald-700' : 'font-semibold text-amber-700'}>{FIX[f.type] ?? f.type}</span>
      <span>{f.satellites ?? '–'} satellites</span>
      <span>corrections {f.correctionAge === null ? '–' : `${f.correctionAge.toFixed(1)} s`}</span>
      {f.age !== null && <span>fix {f.age.toFixed(1)} s ago</span>}
    </p>
  );
}

/**
 * Far: a big arrow to the target (north-up, or turned to the heading) with distance and bearing. Near: a bullseye
 * with the chosen deltas and cut/fill, green inside the tolerance. Greyed with the reason when not RTK fixed or stale.
 */
export function GuidanceView({ g, mode }: { g: StakeGuidanceReply; mode: DeltaMode }) {
  const d = g.guidance;
  if (!d) return <p className="py-8 text-center text-slate-600">{g.reason ?? 'Waiting for the rover.'}</p>;
  const reached = g.live && d.within.both;
  const colour = reached ? 'text-emerald-600' : 'text-slate-900';
  const near = d.proximity === 'near';
  const turn = d.relativeBearing ?? d.bearing;
  return (
    <div className={g.live ? '' : 'opacity-50 grayscale'} data-testid="stake-guidance" data-state={reached ? 'reached' : near ? 'near' : 'far'} data-live={g.live}>
      {!g.live && <p className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800" role="status">{g.reason}</p>}
      {near ? <Bullseye g={g} /> : (
        <svg viewBox="-50 -50 100 100" className={`mx-auto h-48 w-48 ${colour}`} role="img" aria-label={`Go ${Math.round(d.bearing)} degrees`}>
          <g transform={`rotate(${turn})`}>
            <path d="M0 -42 L22 10 L7 4 L7 40 L-7 40 L-7 4 L-22 10 Z" fill="currentColor" />
          </g>
        </svg>
      )}
      <p className={`text-center text-4xl font-bold tabular-nums ${colour}`} data-testid="stake-distance">{length(d.distance, g.unit)}</p>
      <p className="text-center text-sm text-slate-600">bearing {d.bearing.toFixed(1)}°{d.headingSource ? ` · ${d.headingSource === 'travel' ? 'direction of travel' : 'compass'}` : ' · north up'}</p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-center text-lg tabular-nums">
        {mode === 'fr' && d.forward !== null && d.right !== null ? (
          <>
            <Delta label={d.forward >= 0 ? 'Forward' : 'Back'} value={length(d.forward, g.unit)} />
            <Delta label={d.right >= 0 ? 'Right' : 'Left'} value={length(d.right, g.unit)} />
          </>
        ) : (
          <>
            <Delta label={d.goNorth >= 0 ? 'North' : 'South'} value={length(d.goNorth, g.unit)} />
            <Delta label={d.goEast >= 0 ? 'East' : 'West'} value={length(d.goEast, g.unit)} />
          </>
        )}
        <Delta label={d.cutFill ? (d.cutFill.kind === 'on grade' ? 'On grade' : d.cutFill.kind === 'cut' ? 'Cut' : 'Fill') : 'Cut/fill'} value={d.cutFill ? length(d.cutFill.amount, g.unit) : '–'} ok={d.within.vertical} />
        <Delta label="Horizontal" value={length(d.distance, g.unit)} ok={d.within.horizontal} />
      </dl>
    </div>
  );
}

function Delta({ label, value, ok }: { label: string; value: string; ok?: boolean | null }) {
  return (
    <div className="rounded-lg bg-slate-100 px-2 py-1">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={ok ? 'font-semibold text-emerald-700' : 'font-semibold text-slate-900'}>{value}</dd>
    </div>
  );
}

/** The target at the centre; the rover drawn where it stands, to the scale of the near radius. */
function Bullseye({ g }: { g: StakeGuidanceReply }) {
  const d = g.guidance!;
  const r = g.tolerance.radius || 1;
  const x = Math.max(-1, Math.min(1, d.dE / r)) * 40;
  const y = Math.max(-1, Math.min(1, -d.dN / r)) * 40;
  const tol = Math.max(1.5, (g.tolerance.horizontal / r) * 40);
  const reached = g.live && d.within.both;
  return (
    <svg viewBox="-50 -50 100 100" className="mx-auto h-48 w-48" role="img" aria-label="Bullseye">
      {/* inside the tolerance the whole inner ring turns green: the tolerance disc alone (2 cm of 3 m) hides under the rover */}
      {reached && <circle r="13" className="fill-emerald-500/40" data-testid="bullseye-in-tolerance" />}
      {[40, 26, 13].map((c) => <circle key={c} r={c} fill="none" stroke="currentColor" className="text-slate-300" strokeWidth="1" />)}
      <circle r={tol} className={reached ? 'fill-emerald-500' : 'fill-red-500'} />
      <circle cx={x} cy={y} r="3.5" className="fill-sky-600" stroke="white" strokeWidth="1" />
    </svg>
  );
}
