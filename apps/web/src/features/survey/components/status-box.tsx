import type { ReactNode } from 'react';
import { Badge } from '../../../components/badge';
import { FeedStatusText } from '../../../components/feed-status-text';
import { formatAge, statusTone } from '../../../lib/format';
import type { BaseView, RoverView } from '../survey-model';
import type { BaseRtcm } from '../../../lib/base-rtcm';
import type { BaseCorrection } from '@smi/contracts';
import { CORRECTION_TEXT } from './stored-coordinate';

interface Props {
  feedText: string;
  feedConnected: boolean;
  rovers: RoverView[];
  base: BaseView;
  /** The base's RTCM (decision 022): age of corrections and whether it broadcasts its position. */
  rtcm?: BaseRtcm | null;
  /** Who receives the base's corrections (rovers over NTRIP or MQTT) and how old their corrections are. */
  receivers?: ReactNode;
  /** Known Position mode: how rovers are corrected ('broadcast' or the flagged 'base-nmea'); absent otherwise. */
  knownCorrection?: BaseCorrection | null;
}

const staleText = (ageMs: number | null) => (ageMs === null ? 'no fix yet' : `no fix for ${formatAge(ageMs)}`);

/**
 * 'Status' (the rover connection) and 'Base Status', over the map's top-right corner (a bar above the map on a phone). "n of m rovers reporting" counts
 * only rovers with a fresh fix; the status is green only when the feed is connected and every rover has one.
 */
export function StatusBox({ feedText, feedConnected, rovers, base, rtcm, receivers, knownCorrection }: Props) {
  const fresh = rovers.filter((r) => r.live).length;
  const total = rovers.length;
  const tone = !feedConnected ? 'text-red-700' : total > 0 && fresh === total ? 'text-emerald-700' : 'text-amber-700';
  const stale = rovers.filter((r) => !r.live);
  return (
    <div
      className="pointer-events-auto w-56 max-w-[calc(100vw-6rem)] rounded-xl border border-slate-200 bg-white/95 p-3 text-sm shadow-lg backdrop-blur max-[479px]:w-full max-[479px]:max-w-none max-[479px]:rounded-none max-[479px]:border-x-0 max-[479px]:border-t-0 max-[479px]:px-3 max-[479px]:py-2 max-[479px]:shadow-none"
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
      {rtcm && (
        <p className="mt-1 text-xs text-slate-500" data-testid="base-rtcm">
          Corrections {rtcm.CorrectionAgeS === null ? 'N/A' : `${rtcm.CorrectionAgeS.toFixed(1)} s old`} ·{' '}
          {rtcm.Position ? `position broadcast (${rtcm.Position.MessageType})` : 'no 1005/1006 position'}
        </p>
      )}
      {knownCorrection && knownCorrection !== 'none' && (
        <p className={`mt-1 text-xs ${knownCorrection === 'base-nmea' ? 'font-medium text-amber-700' : 'text-slate-500'}`} data-testid="known-correction">
          {CORRECTION_TEXT[knownCorrection]}
        </p>
      )}
      {receivers && (
        <div className="mt-2 border-t border-slate-100 pt-2 text-xs" data-testid="base-receivers">
          <p className="font-semibold text-slate-900">Receiving corrections</p>
          {receivers}
        </div>
      )}
    </div>
  );
}
