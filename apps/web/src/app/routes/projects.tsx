import { Plus } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { CenteredSpinner } from '../../components/spinner';
import { useUser } from '../../features/auth/api/auth-state';
import { useProjects } from '../../features/projects/api/projects';
import { ProjectsTable } from '../../features/projects/components/projects-table';
import { paths } from '../../lib/paths';
import { projectEndpoints } from '@smi/contracts';
import { useCan } from '../use-can';

export function ProjectsPage() {
  const user = useUser();
  const can = useCan();
  const navigate = useNavigate();
  const projects = useProjects(user.userId);
  return (
    <>
      <PageHeader
        title="Projects"
        subtitle="All your survey projects"
        action={
          can(projectEndpoints.createProject) && (
            <Link to={paths.newProject(user.userId)} className="btn-primary">
              <Plus aria-hidden="true" className="h-5 w-5" />
              New Project
            </Link>
          )
        }
      />
      <Panel bodyClassName="">
        {projects.isPending ? (
          <CenteredSpinner label="Loading projects" />
        ) : projects.isError ? (
          <p role="alert" className="p-6 text-center text-sm text-red-700">
            Failed to load projects
          </p>
        ) : (
          <ProjectsTable
            projects={projects.data}
            onOpen={(p) => navigate(paths.project(p._id))}
            empty="No projects yet. Create one to start surveying."
          />
        )}
      </Panel>
    </>
  );
}
