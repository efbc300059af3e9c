import type { StakeGuidanceReply } from '@smi/contracts';
import { length } from './guidance-view';

type Line = NonNullable<StakeGuidanceReply['line']>;

/** "L1.250" / "R0.300": left or right of the line's direction, in the unit. */
const side = (v: number, unit: string) => (Math.abs(v) < 0.0005 ? 'on the line' : `${v < 0 ? 'L' : 'R'} ${length(v, unit)}`);

/**
 * Where the rover is against a design line (decision 080): its station and offset, the cut or fill to the
 * elevation along the line there, and how far to go along and across to the target station and offset.
 */
export function LineReadout({ line, unit }: { line: Line; unit: string }) {
  const cf = line.cutFill;
  return (
    <dl className="mt-2 grid grid-cols-2 gap-2 text-sm" aria-label="On the line" data-testid="line-readout">
      <div className="rounded-lg bg-slate-100 px-2 py-1">
        <dt className="text-xs text-slate-600">Station{line.beyond ? ` (${line.beyond === 'start' ? 'before the start' : 'past the end'})` : ''}</dt>
        <dd className="font-semibold">{line.label.split(' ')[0]}</dd>
      </div>
      <div className="rounded-lg bg-slate-100 px-2 py-1">
        <dt className="text-xs text-slate-600">Offset</dt>
        <dd className="font-semibold">{side(line.offset, unit)}</dd>
      </div>
      <div className="rounded-lg bg-slate-100 px-2 py-1">
        <dt className="text-xs text-slate-600">{cf ? (cf.kind === 'on grade' ? 'On grade' : cf.kind === 'cut' ? 'Cut' : 'Fill') : 'Cut/fill'} to the line</dt>
        <dd className="font-semibold">{cf ? length(cf.amount, unit) : '–'}</dd>
      </div>
      <div className="rounded-lg bg-slate-100 px-2 py-1">
        <dt className="text-xs text-slate-600">Go</dt>
        <dd className="font-semibold">
          {line.goAhead >= 0 ? 'ahead' : 'back'} {length(line.goAhead, unit)}, {line.goRight >= 0 ? 'right' : 'left'} {length(line.goRight, unit)}
        </dd>
      </div>
    </dl>
  );
}
