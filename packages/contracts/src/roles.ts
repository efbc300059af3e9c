/** A member's role in a workspace, from the most to the least it may do (decision 064). */
export const WORKSPACE_ROLES = ['owner', 'admin', 'surveyor', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/**
 * What an endpoint or a socket event needs of the signed-in user's role in the current workspace (decision 064).
 * - `account`: the user's own account, settings and workspaces; not the workspace's work. Anyone it is open to.
 * - `read`: read, watch and export the workspace's work. Every role.
 * - `record`: create projects, record and occupy points, use the workspace's devices. Surveyor and up.
 * - `edit-own`: change or delete a point: a surveyor only the points they recorded, an admin or owner any.
 * - `manage`: devices, project settings (CRS, base, code lists, design data), NTRIP credentials, deleting projects,
 *   restoring deleted points, members and invitations. Admin and up.
 * - `own`: transfer ownership, delete the workspace. The owner.
 */
export const PERMISSIONS = ['account', 'read', 'record', 'edit-own', 'manage', 'own'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The matrix: what each role may do. The one table every check reads (the api's routes and sockets, the web's buttons). */
export const ROLE_PERMISSIONS: Readonly<Record<WorkspaceRole, readonly Permission[]>> = {
  owner: ['account', 'read', 'record', 'edit-own', 'manage', 'own'],
  admin: ['account', 'read', 'record', 'edit-own', 'manage'],
  surveyor: ['account', 'read', 'record', 'edit-own'],
  viewer: ['account', 'read'],
};

/** Roles that change any member's point, not only their own. */
const EDITS_ANY: readonly WorkspaceRole[] = ['owner', 'admin'];

/**
 * Whether `role` may do what `permission` names. For `edit-own`, `object` is the point's recorder: a surveyor may
 * change only what they recorded (`userId`); without an object the check is whether the role may edit some point.
 */
export function allows(role: WorkspaceRole, permission: Permission, object?: { recordedBy: string | null; userId: string }): boolean {
  if (!ROLE_PERMISSIONS[role].includes(permission)) return false;
  if (permission !== 'edit-own' || !object || EDITS_ANY.includes(role)) return true;
  return object.recordedBy !== null && object.recordedBy === object.userId;
}
