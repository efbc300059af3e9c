import { z } from 'zod';
import { email, id, text } from './common.js';
import { endpoint } from './endpoint.js';
import { WORKSPACE_ROLES } from './roles.js';

/** Decision 064: workspaces own the work; members have roles. Calls about members act in the current workspace. */

export const WORKSPACE_NAME_MAX = 80;
export const workspaceRole = z.enum(WORKSPACE_ROLES, { message: `role must be one of ${WORKSPACE_ROLES.join(', ')}` });
/** A role a member can be given; the owner is made by a transfer only. */
export const memberRole = z.enum(['admin', 'surveyor', 'viewer'], { message: 'role must be admin, surveyor or viewer' });

export const workspaceView = z.object({
  id: z.string(),
  name: z.string(),
  /** the user's own workspace, made with the account: it has no other members */
  personal: z.boolean(),
  role: workspaceRole,
  current: z.boolean(),
});
export type WorkspaceView = z.infer<typeof workspaceView>;
export const workspacesReply = z.object({ success: z.literal(true), workspaces: z.array(workspaceView) });
export const workspaceReply = z.object({ success: z.literal(true), message: z.string(), workspace: workspaceView });

export const memberView = z.object({ userId: z.string(), name: z.string(), email: z.string(), role: workspaceRole, joinedAt: z.string() });
export const membersReply = z.object({ success: z.literal(true), members: z.array(memberView) });

export const deviceTransferReply = z.object({
  success: z.literal(true),
  message: z.string(),
  /** the device's MQTT login in its new workspace: the old secret stopped working */
  username: z.string(),
  secret: z.string(),
});

export const invitationView = z.object({ id: z.string(), email: z.string(), role: memberRole, invitedBy: z.string(), expiresAt: z.string() });
export const invitationsReply = z.object({ success: z.literal(true), invitations: z.array(invitationView) });
export const invitationReply = z.object({ success: z.literal(true), message: z.string(), invitation: invitationView });

const byMember = z.strictObject({ memberId: id });
const byInvitation = z.strictObject({ invitationId: id });

export const workspaceEndpoints = {
  listWorkspaces: endpoint({ method: 'GET', path: '/api/workspaces', access: 'verified', permission: 'account' }),
  createWorkspace: endpoint({
    method: 'POST',
    path: '/api/workspaces',
    access: 'verified',
    permission: 'account',
    body: z.strictObject({ name: text(WORKSPACE_NAME_MAX, 'name') }),
  }),
  switchWorkspace: endpoint({ method: 'PUT', path: '/api/workspaces/current', access: 'verified', permission: 'account', body: z.strictObject({ workspaceId: id }) }),
  listMembers: endpoint({ method: 'GET', path: '/api/workspace/members', access: 'verified', permission: 'read' }),
  changeMemberRole: endpoint({
    method: 'PUT',
    path: '/api/workspace/members/:memberId',
    access: 'verified',
    permission: 'manage',
    params: byMember,
    body: z.strictObject({ role: memberRole }),
  }),
  removeMember: endpoint({ method: 'DELETE', path: '/api/workspace/members/:memberId', access: 'verified', permission: 'manage', params: byMember }),
  leaveWorkspace: endpoint({ method: 'DELETE', path: '/api/workspace/membership', access: 'verified', permission: 'read' }),
  transferWorkspace: endpoint({ method: 'POST', path: '/api/workspace/transfer', access: 'verified', permission: 'own', body: z.strictObject({ memberId: id }) }),
  deleteWorkspace: endpoint({ method: 'DELETE', path: '/api/workspace', access: 'verified', permission: 'own' }),
  listInvitations: endpoint({ method: 'GET', path: '/api/workspace/invitations', access: 'verified', permission: 'manage' }),
  invite: endpoint({
    method: 'POST',
    path: '/api/workspace/invitations',
    access: 'verified',
    permission: 'manage',
    body: z.strictObject({ email, role: memberRole }),
  }),
  resendInvitation: endpoint({ method: 'POST', path: '/api/workspace/invitations/:invitationId/resend', access: 'verified', permission: 'manage', params: byInvitation }),
  revokeInvitation: endpoint({ method: 'DELETE', path: '/api/workspace/invitations/:invitationId', access: 'verified', permission: 'manage', params: byInvitation }),
  transferDevice: endpoint({
    method: 'POST',
    path: '/api/devices/:id/transfer',
    access: 'verified',
    permission: 'own',
    params: z.strictObject({ id }),
    body: z.strictObject({ workspaceId: id }),
  }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/api/invitations/accept',
    access: 'verified',
    permission: 'account',
    body: z.strictObject({ token: z.string().trim().min(1, { message: 'token is required' }).max(200) }),
  }),
};
