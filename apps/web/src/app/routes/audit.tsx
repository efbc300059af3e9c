import { PageHeader } from '../../components/page-header';
import { useUser } from '../../features/auth/api/auth-state';
import { useProjects } from '../../features/projects/api/projects';
import { AuditScreen } from '../../features/workspaces/components/audit-screen';
import { useCan } from '../use-can';

export function AuditPage() {
  const user = useUser();
  const can = useCan();
  const projects = useProjects(user.userId);
  return (
    <>
      <PageHeader title="Audit trail" subtitle="Who did what in this workspace, and when" />
      <AuditScreen projects={(projects.data ?? []).map((p) => ({ id: p._id, name: p.Name }))} can={can} />
    </>
  );
}
