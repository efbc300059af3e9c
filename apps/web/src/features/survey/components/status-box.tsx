import { useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { PHONE_OFFLINE } from '../../../components/position-quality';
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
  /** Starts folded to one line that a tap opens (phones, where the box sits above the map). */
  foldable?: boolean;
}

const staleText = (ageMs: number | null) => (ageMs === null ? 'no fix yet' : `no fix for ${formatAge(ageMs)}`);

/**
 * 'Status' (the rover connection) and 'Base Status', over the map's top-right corner (a bar above the map on a phone,
 * folded there to one line that opens on a tap). "n of m rovers reporting" counts only rovers with a fresh fix; the
 * status is green only when the feed is connected and every rover has one. While this phone's feed is down nothing
 * is said of the rovers or the base: they are not known, and the phone says so (it is not the rovers' fault).
 */
export function StatusBox({ feedText, feedConnected, rovers, base, rtcm, receivers, knownCorrection, foldable = false }: Props) {
  const [open, setOpen] = useState(!foldable);
  const fresh = rovers.filter((r) => r.live).length;
  const total = rovers.length;
  const tone = !feedConnected ? 'text-red-700' : total > 0 && fresh === total ? 'text-emerald-700' : 'text-amber-700';
  const stale = feedConnected ? rovers.filter((r) => !r.live) : [];
  const reporting = feedConnected ? `${fresh} of ${total} rover${total === 1 ? '' : 's'} reporting` : 'Rovers not known: this phone is offline';
  const baseBadge = <Badge tone={feedConnected ? statusTone(base.status) : 'grey'}>{feedConnected ? (base.status ?? 'No base') : 'unknown'}</Badge>;
  return (
    <div
      className="pointer-events-auto w-56 max-w-[calc(100vw-6rem)] rounded-xl border border-slate-200 bg-white/95 p-3 text-sm shadow-lg backdrop-blur max-[479px]:w-full max-[479px]:max-w-none max-[479px]:rounded-none max-[479px]:border-x-0 max-[479px]:border-t-0 max-[479px]:px-3 max-[479px]:py-2 max-[479px]:shadow-none"
      data-testid="status-box"
      data-open={open}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold text-slate-900">Status</span>
        <FeedStatusText text={feedText} connected={feedConnected} className={`truncate text-xs font-medium ${tone}`} testId="feed-status" />
        {foldable && (
          <button
            type="button"
            className="-my-1 ml-auto inline-flex h-9 min-w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            aria-controls="status-box-details"
            aria-label={open ? 'Hide status details' : 'Show status details'}
          >
            <ChevronDown aria-hidden="true" className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`} />
          </button>
        )}
      </div>
      {!feedConnected && (
        <p className="mt-0.5 text-xs font-bold text-red-700" data-testid="phone-offline" role="status">
          {PHONE_OFFLINE}
        </p>
      )}
      {!open && (
        <p className="mt-0.5 flex items-center justify-between gap-2 text-xs text-slate-700" data-testid="status-folded">
          <span className={fresh < total || !feedConnected ? 'font-medium text-amber-800' : ''}>{feedConnected ? `${fresh} of ${total} reporting` : ''}</span>
          <span className="inline-flex items-center gap-1">
            <span className="font-semibold text-slate-900">Base Status</span> {baseBadge}
          </span>
        </p>
      )}
      <div id="status-box-details" hidden={!open}>
        <p className={`mt-0.5 text-xs ${fresh < total || !feedConnected ? 'font-medium text-amber-800' : 'text-slate-600'}`} data-testid="rovers-reporting">
          {reporting}
        </p>
        {stale.length > 0 && (
          <ul className="mt-0.5 text-xs text-amber-800" aria-label="Rovers without a fresh fix">
            {stale.map((r) => (
              <li key={r.code} className="[overflow-wrap:anywhere]">
                {r.name}: {staleText(r.fixAgeMs)}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-2 flex items-center justify-between gap-2 border-t border-slate-100 pt-2">
          <span className="font-semibold text-slate-900">Base Status</span>
          {baseBadge}
        </div>
        {feedConnected && base.code && !base.live && (
          <p className="mt-0.5 text-xs text-amber-800" data-testid="base-stale">
            Base: {staleText(base.fixAgeMs)}
          </p>
        )}
        {rtcm && feedConnected && (
          <p className="mt-1 text-xs text-slate-600" data-testid="base-rtcm">
            Corrections {rtcm.CorrectionAgeS === null ? 'N/A' : `${rtcm.CorrectionAgeS.toFixed(1)} s old`} ·{' '}
            {rtcm.Position ? `position broadcast (${rtcm.Position.MessageType})` : 'no 1005/1006 position'}
          </p>
        )}
        {knownCorrection && knownCorrection !== 'none' && (
          <p className={`mt-1 text-xs ${knownCorrection === 'base-nmea' ? 'font-medium text-amber-700' : 'text-slate-600'}`} data-testid="known-correction">
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
    </div>
  );
}
