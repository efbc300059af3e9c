import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { useUser } from '../../features/auth/api/auth-state';
import { projectKeys } from '../../features/projects/api/keys';
import { projectQuery } from '../../features/projects/api/projects';
import { useSurveyDevices } from '../../features/projects/api/survey-devices';
import { NewProjectForm } from '../../features/projects/components/new-project-form';
import { paths } from '../../lib/paths';
import { projectEndpoints } from '@smi/contracts';
import { useCan, useRefused } from '../use-can';

export function NewProjectPage() {
  const user = useUser();
  // the path names the user; the session decides whose project it is (another id simply means this user)
  useParams<{ userId: string }>();
  const navigate = useNavigate();
  const client = useQueryClient();
  const devices = useSurveyDevices(user.userId);
  const can = useCan();
  const refused = useRefused(projectEndpoints.createProject);

  // created, then fetched, then straight to its survey map
  const onCreated = async (projectId: string) => {
    void client.invalidateQueries({ queryKey: projectKeys.all });
    const project = await client.fetchQuery(projectQuery(projectId));
    navigate(paths.pointSurvey(project._id));
    return project;
  };

  if (refused) {
    return (
      <>
        <PageHeader title="New Project" back />
        <p role="alert" className="error-box">
          Your role in this workspace does not create projects: ask an admin or the owner.
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeader title="New Project" subtitle="Name the project, pick its devices and start surveying" back />
      <Panel className="mx-auto max-w-2xl">
        {devices.isError && (
          <p role="alert" className="error-box mb-4">
            Failed to fetch devices
          </p>
        )}
        <NewProjectForm
          userId={user.userId}
          baseStations={devices.data?.baseStations ?? (devices.isError ? [] : undefined)}
          clientDevices={devices.data?.clientDevices ?? (devices.isError ? [] : undefined)}
          onCreated={onCreated}
          can={can}
        />
      </Panel>
    </>
  );
}
