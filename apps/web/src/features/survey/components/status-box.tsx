import { Badge } from '../../../components/badge';
import { statusTone } from '../../../lib/format';
import type { BaseRtcm } from '../../../lib/base-rtcm';

interface Props {
  feedText: string;
  feedConnected: boolean;
  roversLive: number;
  roversTotal: number;
  baseStatus: string | null;
  /** The base's RTCM (issue 19): age of corrections and whether it broadcasts its position. */
  rtcm?: BaseRtcm | null;
}

/** 'Status' (the rover connection) and 'Base Status', over the map's top-left corner. */
export function StatusBox({ feedText, feedConnected, roversLive, roversTotal, baseStatus, rtcm }: Props) {
  return (
    <div
      className="pointer-events-auto w-56 max-w-[calc(100vw-6rem)] rounded-xl border border-slate-200 bg-white/95 p-3 text-sm shadow-lg backdrop-blur"
      data-testid="status-box"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold text-slate-900">Status</span>
        <span className={`truncate text-xs font-medium ${feedConnected ? 'text-emerald-700' : 'text-red-700'}`} data-testid="feed-status">
          {feedText}
        </span>
      </div>
      <p className="mt-0.5 text-xs text-slate-500">
        {roversLive} of {roversTotal} rover{roversTotal === 1 ? '' : 's'} reporting
      </p>
      <div className="mt-2 flex items-center justify-between gap-2 border-t border-slate-100 pt-2">
        <span className="font-semibold text-slate-900">Base Status</span>
        <Badge tone={statusTone(baseStatus)}>{baseStatus ?? 'No base'}</Badge>
      </div>
      {rtcm && (
        <p className="mt-1 text-xs text-slate-500" data-testid="base-rtcm">
          Corrections {rtcm.CorrectionAgeS === null ? 'N/A' : `${rtcm.CorrectionAgeS.toFixed(1)} s old`} ·{' '}
          {rtcm.Position ? `position broadcast (${rtcm.Position.MessageType})` : 'no 1005/1006 position'}
        </p>
      )}
    </div>
  );
}
