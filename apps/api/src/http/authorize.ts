import { allows, type Permission } from '@smi/contracts';
import { livePoints, type Queryable } from '@smi/db';
import { AppError } from './errors.js';
import type { SessionUser } from '../auth/session.js';

/** What a refused role hears: plain, the same for every route and socket event. */
export const ROLE_REFUSED = 'Your role in this workspace does not allow this.';
export const NOT_YOUR_POINT = 'You can change only the points you recorded.';

/**
 * The one check of a role (decision 064): every route (through mount) and every socket event calls it. Throws 403
 * when the user's role in the current workspace does not allow `permission`; with `recordedBy` (a point's recorder)
 * a surveyor is refused what another member recorded.
 */
export function authorize(user: Pick<SessionUser, 'id' | 'workspace'>, permission: Permission, recordedBy?: string | null): void {
  if (permission === 'account') return;
  if (!allows(user.workspace.role, permission)) throw new AppError(403, ROLE_REFUSED);
  if (recordedBy !== undefined && !allows(user.workspace.role, permission, { recordedBy, userId: user.id })) throw new AppError(403, NOT_YOUR_POINT);
}

/**
 * Who recorded a point of a project of the workspace: undefined when there is no such point (the route then answers
 * 404 as for any missing point), null when nobody is known.
 */
export async function recorderOf(q: Queryable, workspaceId: string, projectId: string, pointId: string): Promise<string | null | undefined> {
  const [row] = await q.query<{ recorded_by: string | null }>(
    `SELECT pt.recorded_by FROM ${livePoints('pt')} JOIN projects p ON p.id = pt.project_id WHERE pt.id = $1 AND pt.project_id = $2 AND p.owner_id = $3`,
    [pointId, projectId, workspaceId],
  );
  return row ? row.recorded_by : undefined;
}
