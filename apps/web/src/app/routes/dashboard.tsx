import { useMemo } from 'react';
import { Plus } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { Badge } from '../../components/badge';
import { Table } from '../../components/table';
import { CenteredSpinner } from '../../components/spinner';
import { useUser } from '../../features/auth/api/auth-state';
import { useConnectedDevices } from '../../features/devices/api/connected-devices';
import { StatusCards } from '../../features/devices/components/status-cards';
import { useRecentProjects, type ProjectRow } from '../../features/projects/api/recent-projects';
import { formatDate, projectStatusTone } from '../../lib/format';
import { useLiveReadings } from '../../lib/use-live';
import { mergeLive } from '../../features/devices/live-merge';
import { paths } from '../../lib/paths';
import { projectEndpoints } from '@smi/contracts';
import { useCan } from '../use-can';

export function DashboardPage() {
  const user = useUser();
  const can = useCan();
  const navigate = useNavigate();
  const devices = useConnectedDevices(user.userId);
  const projects = useRecentProjects(user.userId);
  const codes = useMemo(() => devices.data?.map((d) => d.DeviceCode) ?? [], [devices.data]);
  const readings = useLiveReadings(codes);
  const live = useMemo(() => devices.data?.map((d) => mergeLive(d, readings[d.DeviceCode])), [devices.data, readings]);

  return (
    <>
      <PageHeader
        title={`Hello, ${user.name}`}
        subtitle="Welcome to Site Measurement IoT"
        action={
          can(projectEndpoints.createProject) && (
            <Link to={paths.newProject(user.userId)} className="btn-primary">
              <Plus aria-hidden="true" className="h-5 w-5" />
              <span>Add New Project</span>
            </Link>
          )
        }
      />
      <StatusCards devices={live} loading={devices.isPending} failed={devices.isError} />
      <Panel
        title="Recent Projects"
        className="mt-6"
        bodyClassName=""
        action={
          <Link to={paths.projects} className="btn-secondary">
            View All
          </Link>
        }
      >
        {projects.isPending ? (
          <CenteredSpinner label="Loading projects" />
        ) : projects.isError ? (
          <p className="p-6 text-center text-sm text-red-700">Failed to load projects</p>
        ) : (
          <Table<ProjectRow>
            caption="Recent projects"
            rows={projects.data}
            rowKey={(p) => p._id}
            onRowClick={(p) => navigate(paths.project(p._id))}
            rowLabel={(p) => `Open project ${p.Name}`}
            empty="No projects yet. Add one to start surveying."
            columns={[
              { header: 'Project', cell: (p) => <span className="font-medium text-slate-900">{p.Name}</span> },
              { header: 'Created On', cell: (p) => formatDate(p.Created_On), hideOnPhone: true },
              { header: 'Last Modified', cell: (p) => formatDate(p.Last_Modified) },
              { header: 'Status', cell: (p) => <Badge tone={projectStatusTone(p.Status)}>{p.Status ?? 'Active'}</Badge> },
            ]}
          />
        )}
      </Panel>
    </>
  );
}
