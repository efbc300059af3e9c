import { useState, type FormEvent } from 'react';
import { Mail, RotateCw, Trash2, UserMinus, UserPlus } from 'lucide-react';
import type { WorkspaceRole } from '@smi/contracts';
import { Badge } from '../../../components/badge';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Panel } from '../../../components/panel';
import type { Can } from '../../../lib/can';
import { formatDate } from '../../../lib/format';
import {
  MEMBER_ROLES,
  useChangeMemberRole,
  useCurrentWorkspace,
  useInvitations,
  useInvite,
  useMembers,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  useWorkspaces,
  type MemberRole,
} from '../api/workspaces';

const ROLE_TONE = { owner: 'indigo', admin: 'blue', surveyor: 'green', viewer: 'grey' } as const satisfies Record<WorkspaceRole, string>;

/**
 * The current workspace's members. Everyone sees who is in it and with which role; admins and the owner also invite
 * by e-mail, follow the pending invitations and change or remove members. What the user's role does not allow is
 * not drawn at all (`can`: the same matrix the server enforces). `userId`: the signed-in user, who is not changed here.
 */
export function MembersScreen({ userId, can }: { userId: string; can: Can }) {
  const workspaces = useWorkspaces();
  const current = useCurrentWorkspace();
  const canManage = !!current && can('manage');
  const team = canManage && !current.personal;
  const members = useMembers();
  const invitations = useInvitations(team);
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<{ userId: string; name: string } | null>(null);

  if (workspaces.isPending) return <p className="text-sm text-slate-500">Loading…</p>;
  if (workspaces.isError || !current) return <p className="error-box">Could not load your workspaces</p>;

  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Panel title={`Members of ${current.name}`} className="xl:col-span-2">
        <p className="text-sm text-slate-600">
          You are <strong>{current.role}</strong> here.
          {current.personal && ' This is your personal workspace: only you work in it. Make a team workspace with “New workspace” in the menu to invite people.'}
        </p>
        {members.isPending ? (
          <p className="mt-3 text-sm text-slate-500">Loading members…</p>
        ) : members.isError ? (
          <p className="error-box mt-3">Could not load the members</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label="Members">
            {members.data.map((m) => {
              const editable = canManage && m.role !== 'owner' && m.userId !== userId;
              return (
                <li key={m.userId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="member-row">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {m.name}
                      {m.userId === userId && <span className="font-normal text-slate-500"> (you)</span>}
                    </p>
                    <p className="text-xs text-slate-500">
                      {/* a long address breaks anywhere; the date stays on one line */}
                      <span className="break-all">{m.email}</span> · <span className="whitespace-nowrap">joined {formatDate(m.joinedAt)}</span>
                    </p>
                  </div>
                  {editable ? (
                    <div className="flex items-center gap-2">
                      <label className="flex-1 sm:w-40 sm:flex-none">
                        <span className="sr-only">Role of {m.name}</span>
                        <select
                          className="input"
                          value={m.role}
                          disabled={changeRole.isPending}
                          onChange={(e) => changeRole.mutate({ memberId: m.userId, role: e.target.value as MemberRole })}
                        >
                          {MEMBER_ROLES.map((r) => (
                            <option key={r} value={r}>
                              {r}
                            </option>
                          ))}
                        </select>
                      </label>
                      <button type="button" className="icon-btn text-red-700" onClick={() => setRemoving({ userId: m.userId, name: m.name })} aria-label={`Remove ${m.name}`}>
                        <UserMinus aria-hidden="true" className="h-5 w-5" />
                      </button>
                    </div>
                  ) : (
                    // as wide as its word on a phone too, where the row stacks
                    <span className="self-start sm:self-auto">
                      <Badge tone={ROLE_TONE[m.role]}>{m.role}</Badge>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Panel>
      {team && <InvitePanel />}
      {team && (
        <Panel title="Pending invitations">
          {invitations.isPending ? (
            <p className="text-sm text-slate-500">Loading invitations…</p>
          ) : invitations.isError ? (
            <p className="error-box">Could not load the invitations</p>
          ) : invitations.data.length === 0 ? (
            <p className="text-sm text-slate-500">No pending invitations.</p>
          ) : (
            <PendingInvitations invitations={invitations.data} />
          )}
        </Panel>
      )}
      <ConfirmDialog
        open={!!removing}
        title="Remove member"
        message={`${removing?.name ?? ''} loses access to this workspace's projects, devices and code lists at once. The points they recorded stay. Continue?`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => {
          const m = removing;
          setRemoving(null);
          if (m) remove.mutate(m.userId);
        }}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

function InvitePanel() {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('surveyor');

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    try {
      await invite.mutateAsync({ email: email.trim(), role });
      setEmail('');
    } catch {
      // the api client has shown the server's message
    }
  };

  return (
    <Panel title="Invite by e-mail">
      <p className="text-sm text-slate-600">The person gets a link valid for 7 days; they sign in or sign up with this address to join.</p>
      <form className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={submit} aria-label="Invite a member">
        <label className="flex-1">
          <span className="text-xs font-medium text-slate-600">E-mail</span>
          <input className="input" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="name@example.com" />
        </label>
        <label className="sm:w-36">
          <span className="text-xs font-medium text-slate-600">Role</span>
          <select className="input" value={role} onChange={(e) => setRole(e.target.value as MemberRole)}>
            {MEMBER_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-primary" disabled={!email.trim() || invite.isPending}>
          <UserPlus aria-hidden="true" className="h-5 w-5" />
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </button>
      </form>
    </Panel>
  );
}

function PendingInvitations({ invitations }: { invitations: { id: string; email: string; role: MemberRole; invitedBy: string; expiresAt: string }[] }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label="Pending invitations">
      {invitations.map((i) => (
        <li key={i.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="invitation-row">
          <div className="min-w-0">
            <p className="flex items-center gap-2 font-medium break-all text-slate-900">
              <Mail aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
              {i.email}
            </p>
            <p className="text-xs text-slate-500">
              as {i.role} · by {i.invitedBy} · valid until {formatDate(i.expiresAt)}
            </p>
          </div>
          <div className="flex gap-2">
            <button type="button" className="btn-secondary flex-1 sm:flex-none" disabled={resend.isPending} onClick={() => resend.mutate(i.id)} aria-label={`Resend to ${i.email}`}>
              <RotateCw aria-hidden="true" className="h-4 w-4" />
              Resend
            </button>
            <button type="button" className="btn-secondary flex-1 text-red-700 sm:flex-none" disabled={revoke.isPending} onClick={() => revoke.mutate(i.id)} aria-label={`Revoke ${i.email}`}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Revoke
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
