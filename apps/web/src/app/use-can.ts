import { useMemo } from 'react';
import { useUser } from '../features/auth/api/auth-state';
import { useCurrentWorkspace } from '../features/workspaces/api/workspaces';
import { canFor, type Can } from '../lib/can';

/**
 * The signed-in user's check in the current workspace: `can(endpoints.deletePoint, point.RecordedBy?.Id)` is true when
 * the route would accept the call. Screens hide (not disable) every control it refuses.
 */
export function useCan(): Can {
  const { userId } = useUser();
  const role = useCurrentWorkspace()?.role;
  return useMemo(() => canFor(role, userId), [role, userId]);
}
