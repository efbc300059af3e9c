import { SOCKET_EVENT_PERMISSIONS } from '@smi/contracts';
import type { SessionUser } from '../auth/session.js';
import { AppError } from '../http/errors.js';
import { authorize } from '../http/authorize.js';

/**
 * What every client-to-server socket event of one socket goes through: a token bucket (a burst of `size`, then
 * `perSecond`), and the one role check of routes and socket events alike (decision 064).
 */
export function eventGuard(user: Pick<SessionUser, 'id' | 'workspace'>, bucket: { size: number; perSecond: number }) {
  let tokens = bucket.size;
  let refilled = Date.now();
  return {
    /** false when the socket asks faster than its bucket refills */
    allow(): boolean {
      const now = Date.now();
      tokens = Math.min(bucket.size, tokens + ((now - refilled) / 1000) * bucket.perSecond);
      refilled = now;
      if (tokens < 1) return false;
      tokens--;
      return true;
    },
    /** whether the user's role in the current workspace allows the event */
    permitted(event: keyof typeof SOCKET_EVENT_PERMISSIONS): boolean {
      try {
        authorize(user, SOCKET_EVENT_PERMISSIONS[event]);
        return true;
      } catch (err) {
        if (err instanceof AppError) return false;
        throw err;
      }
    },
  };
}
