import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { useUser } from '../../features/auth/api/auth-state';
import { AcceptInvitation } from '../../features/workspaces/components/accept-invitation';

export function InvitationPage() {
  const { token = '' } = useParams();
  const user = useUser();
  return (
    <>
      <PageHeader title="Workspace invitation" />
      <div className="max-w-xl">
        <AcceptInvitation token={token} email={user.email} />
      </div>
    </>
  );
}
