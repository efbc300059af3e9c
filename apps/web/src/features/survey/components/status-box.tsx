import { Badge } from '../../../components/badge';
import { FeedStatusText } from '../../../components/feed-status-text';
import { formatAge, statusTone } from '../../../lib/format';
import type { BaseView, RoverView } from '../survey-model';

interface Props {
  feedText: string;
  feedConnected: boolean;
  rovers: RoverView[];
  base: BaseView;
}

const staleText = (ageMs: number | null) => (ageMs === null ? 'no fix yet' : `no fix for ${formatAge(ageMs)}`);

/**
 * 'Status' (the rover connection) and 'Base Status', over the map's top-right corner. "n of m rovers reporting" counts
 * only rovers with a fresh fix; the status is green only when the feed is connected and every rover has one.
 */
export function StatusBox({ feedText, feedConnected, rovers, base }: Props) {
  const fresh = rovers.filter((r) => r.live).length;
  const total = rovers.length;
  const tone = !feedConnected ? 'text-red-700' : total > 0 && fresh === total ? 'text-emerald-700' : 'text-amber-700';
  const stale = rovers.filter((r) => !r.live);
  return (
    <div
      className="pointer-events-auto w-56 max-w-[calc(100vw-6rem)] rounded-xl border border-slate-200 bg-white/95 p-3 text-sm shadow-lg backdrop-blur"
      data-testid="status-box"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold text-slate-900">Status</span>
        <FeedStatusText text={feedText} connected={feedConnected} className={`truncate text-xs font-medium ${tone}`} testId="feed-status" />
      </div>
      <p className={`mt-0.5 text-xs ${fresh < total ? 'font-medium text-amber-700' : 'text-slate-500'}`} data-testid="rovers-reporting">
        {fresh} of {total} rover{total === 1 ? '' : 's'} reporting
      </p>
      {stale.length > 0 && (
        <ul className="mt-0.5 text-xs text-amber-700" aria-label="Rovers without a fresh fix">
          {stale.map((r) => (
            <li key={r.code} className="[overflow-wrap:anywhere]">
              {r.name}: {staleText(r.fixAgeMs)}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex items-center justify-between gap-2 border-t border-slate-100 pt-2">
        <span className="font-semibold text-slate-900">Base Status</span>
        <Badge tone={statusTone(base.status)}>{base.status ?? 'No base'}</Badge>
      </div>
      {base.code && !base.live && (
        <p className="mt-0.5 text-xs text-amber-700" data-testid="base-stale">
          Base: {staleText(base.fixAgeMs)}
        </p>
      )}
    </div>
  );
}
