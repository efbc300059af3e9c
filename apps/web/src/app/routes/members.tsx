import { PageHeader } from '../../components/page-header';
import { useUser } from '../../features/auth/api/auth-state';
import { MembersScreen } from '../../features/workspaces/components/members-screen';
import { useCan } from '../use-can';

export function MembersPage() {
  const user = useUser();
  const can = useCan();
  return (
    <>
      <PageHeader title="Members" subtitle="Who works in this workspace, and with which role" />
      <MembersScreen userId={user.userId} can={can} />
    </>
  );
}
