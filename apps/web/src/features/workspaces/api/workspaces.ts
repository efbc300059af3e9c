import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  invitationReply,
  invitationsReply,
  memberRole,
  membersReply,
  okReply,
  workspaceEndpoints as e,
  workspaceReply,
  workspacesReply,
  type WorkspaceView,
} from '@smi/contracts';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';

const workspacesKey = ['workspaces'] as const;
const membersKey = ['workspace', 'members'] as const;
const invitationsKey = ['workspace', 'invitations'] as const;

/** The user's workspaces; the server marks the one they work in (`current`). */
export const workspacesQuery = () =>
  queryOptions({ queryKey: workspacesKey, queryFn: () => call(e.listWorkspaces, { reply: workspacesReply, quiet: true }).then((r) => r.workspaces) });

export const useWorkspaces = () => useQuery(workspacesQuery());

/** The workspace the user works in, once the list is read. */
export function useCurrentWorkspace(): WorkspaceView | undefined {
  return useWorkspaces().data?.find((w) => w.current);
}

/**
 * Makes another workspace (or a new one) the user's current one. Every list on screen belonged to the workspace the
 * user was in, so all of it is read again in the new one.
 */
export function useSwitchWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (workspaceId: string) => call(e.switchWorkspace, { body: { workspaceId }, reply: workspaceReply }),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** A new workspace, owned by the user; the switcher then moves into it. */
export function useCreateWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(e.createWorkspace, { body: { name }, reply: workspaceReply }),
    onSuccess: () => client.invalidateQueries({ queryKey: workspacesKey }),
  });
}

export const membersQuery = () =>
  queryOptions({ queryKey: membersKey, queryFn: () => call(e.listMembers, { reply: membersReply, quiet: true }).then((r) => r.members) });

export const useMembers = () => useQuery(membersQuery());

/** Pending invitations: asked for only when the user may manage members (`enabled`), since others get a refusal. */
export const useInvitations = (enabled: boolean) =>
  useQuery({ queryKey: invitationsKey, enabled, queryFn: () => call(e.listInvitations, { reply: invitationsReply, quiet: true }).then((r) => r.invitations) });

/** A role a member can be given (the owner is made by a transfer only). */
export type MemberRole = z.infer<typeof memberRole>;
export const MEMBER_ROLES = memberRole.options;

export function useInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: MemberRole }) => call(e.invite, { body, reply: invitationReply }),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationsKey }),
  });
}

export function useResendInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => call(e.resendInvitation, { params: { invitationId }, reply: invitationReply }),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationsKey }),
  });
}

export function useRevokeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => call(e.revokeInvitation, { params: { invitationId }, reply: okReply }),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationsKey }),
  });
}

export function useChangeMemberRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: MemberRole }) => call(e.changeMemberRole, { params: { memberId }, body: { role }, reply: okReply }),
    onSuccess: () => client.invalidateQueries({ queryKey: membersKey }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => call(e.removeMember, { params: { memberId }, reply: okReply }),
    onSuccess: () => client.invalidateQueries({ queryKey: membersKey }),
  });
}
