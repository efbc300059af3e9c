import type { OccupationProgress, Tolerances } from './occupations.js';
import { FIX_TYPE_LABELS } from './points.js';

/** A length as a precision is read: to the tenth of a centimetre under 1 m, to the centimetre above (never whole metres). */
export type PrecisionText = (metres: number) => string;
export const centimetres: PrecisionText = (m) => (Math.abs(m) < 1 ? `${(m * 100).toFixed(1)} cm` : `${m.toFixed(2)} m`);

const fixWord = (fix: string | null) => (fix ? ((FIX_TYPE_LABELS as Record<string, string>)[fix] ?? fix) : null);

/**
 * Why an epoch did not count, in the surveyor's words, with the limit it failed (the occupation's tolerances). The
 * progress's fix says what the receiver has instead of fixed.
 */
export function rejectText(reason: string, t: Tolerances, len: PrecisionText = centimetres, fix: string | null = null): string {
  const limit = (m: number | null) => (m === null ? '' : ` ${len(m)}`);
  switch (reason) {
    case 'no-position':
      return 'No position from the rover';
    case 'not-fixed': {
      const now = fixWord(fix);
      return `${t.allowFloat ? 'Not RTK fixed or float' : 'Not RTK fixed'}${now && fix !== 'rtk-fixed' ? ` (${now})` : ''}`;
    }
    case 'sigma-h':
      return `The receiver's σH over${limit(t.sigmaH)}`;
    case 'sigma-v':
      return `The receiver's σV over${limit(t.sigmaV)}`;
    case 'pdop':
      return `PDOP over ${t.maxPdop ?? ''}`.trim();
    case 'satellites':
      return `Fewer than ${t.minSatellites ?? ''} satellites`.replace('  ', ' ');
    case 'correction-age':
      return `Corrections older than ${t.maxCorrectionAge ?? ''} s`.replace('  ', ' ');
    case 'outlier':
      return 'Outlier';
    case 'split':
      return 'Apart from the rest (the pole moved)';
    default:
      return reason;
  }
}

/** What the surveyor can do about a gate that pauses the count. */
const GATE_HINT: Record<string, string> = {
  'no-position': 'check the rover',
  'not-fixed': 'wait for RTK fixed in the open sky',
  'sigma-h': 'wait for a better fix',
  'sigma-v': 'wait for a better fix',
  pdop: 'wait for a better satellite geometry',
  satellites: 'wait for more satellites',
  'correction-age': 'check the base and the corrections link',
};

/**
 * What keeps a running occupation from finishing now, in words with its figures ("σH 4.2 cm over 2.0 cm: hold the
 * pole still"); null while it is only counting its epochs and seconds, or has all it needs.
 */
export function blockingText(p: OccupationProgress, t: Tolerances, len: PrecisionText = centimetres): string | null {
  if (p.pausedBy) {
    const hint = GATE_HINT[p.pausedBy];
    return `${rejectText(p.pausedBy, t, len, p.fix)}${hint ? `: ${hint}` : ''}`;
  }
  const waits = p.waitingFor ?? [];
  const over = (name: string, value: number | null, limit: number | null) => (value === null || limit === null ? null : `${name} ${len(value)} over ${len(limit)}`);
  const sigmas = [waits.includes('sigma-h') && over('σH', p.sigmaH, t.sigmaH), waits.includes('sigma-v') && over('σV', p.sigmaV, t.sigmaV)].filter(Boolean);
  return sigmas.length ? `${sigmas.join(', ')}: hold the pole still` : null;
}

/** Why an occupation failed: the rover fell silent, and what it was still waiting for before that. */
export function silentFailure(seconds: number, p: OccupationProgress | null, t: Tolerances): string {
  const before = p ? blockingText(p, t) : null;
  return `No epoch from the rover for ${seconds} s${before ? ` (before that: ${before})` : ''}`;
}

/** Why an occupation failed: its epochs were refused by a gate for longer than the pause limit. */
export function pausedFailure(seconds: number, reason: string, t: Tolerances, fix: string | null): string {
  return `No usable epoch for ${seconds} s: ${rejectText(reason, t, centimetres, fix)}`;
}

/** Why an occupation stored nothing: no epoch passed its gates; the gates that refused the most, with their counts. */
export function noGoodEpochs(rejected: Record<string, number>, t: Tolerances): string {
  const top = Object.entries(rejected)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 2)
    .map(([r, n]) => `${rejectText(r, t)}: ${n}`);
  return `No epoch passed the quality limits${top.length ? ` (${top.join('; ')})` : ''}`;
}
