import { useMemo } from 'react';
import { useUser } from '../features/auth/api/auth-state';
import { useCurrentWorkspace } from '../features/workspaces/api/workspaces';
import { canFor, type Can, type Rule } from '../lib/can';

/**
 * The signed-in user's check in the current workspace: `can(endpoints.deletePoint, point.RecordedBy?.Id)` is true when
 * the route would accept the call. Screens hide (not disable) every control it refuses.
 */
export function useCan(): Can {
  const { userId } = useUser();
  const role = useCurrentWorkspace()?.role;
  return useMemo(() => canFor(role, userId), [role, userId]);
}

/**
 * Whether the current workspace's role is known and refuses `rule`: a screen opened by its address (not by a button,
 * which is hidden) says so instead of offering a form the server would refuse. False while the role is read.
 */
export function useRefused(rule: Rule): boolean {
  const can = useCan();
  const known = useCurrentWorkspace() !== undefined;
  return known && !can(rule);
}
