import type { LiveState } from '../../../components/position-quality';
import type { RoverView } from '../survey-model';

/** A rover's fix now: live, stale with its age, or unknown because this phone is offline. */
export function liveStateOf(r: Pick<RoverView, 'live' | 'phoneOffline' | 'fixAgeMs'>): LiveState {
  if (r.phoneOffline) return { kind: 'offline' };
  return r.live ? { kind: 'live' } : { kind: 'stale', ageMs: r.fixAgeMs };
}
