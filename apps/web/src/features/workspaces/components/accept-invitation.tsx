import { Link } from 'react-router-dom';
import { UserPlus } from 'lucide-react';
import { Panel } from '../../../components/panel';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useAcceptInvitation } from '../api/accept-invitation';

/**
 * The page an invitation's e-mail links to. The guard has already made the person sign in (or sign up and verify)
 * and brought them back here; joining is one deliberate tap, since it changes the workspace they work in. A link
 * that is used, revoked, expired or meant for another address says so in the server's words.
 */
export function AcceptInvitation({ token, email }: { token: string; email: string }) {
  const accept = useAcceptInvitation();

  if (accept.isSuccess) {
    const { workspace } = accept.data;
    return (
      <Panel title="Invitation accepted">
        <p className="text-sm text-slate-700" role="status">
          You joined <strong>{workspace.name}</strong> as {workspace.role}. It is now the workspace you work in.
        </p>
        <Link to={paths.projects} className="btn-primary mt-4">
          Go to its projects
        </Link>
      </Panel>
    );
  }

  return (
    <Panel title="Join a workspace">
      <p className="text-sm text-slate-700">
        You were invited to work in a team's workspace: its projects, devices and code lists. You are signed in as{' '}
        <span className="font-medium break-all">{email}</span>.
      </p>
      {accept.isError && (
        <p className="error-box mt-3" role="alert">
          {errorMessage(accept.error, 'Could not accept the invitation')}
        </p>
      )}
      <button type="button" className="btn-primary mt-4" onClick={() => accept.mutate(token)} disabled={accept.isPending}>
        <UserPlus aria-hidden="true" className="h-5 w-5" />
        {accept.isPending ? 'Joining…' : 'Accept invitation'}
      </button>
    </Panel>
  );
}
