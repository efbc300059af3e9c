import { ArrowRight } from 'lucide-react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/page-header';
import { CenteredSpinner, Spinner } from '../../components/spinner';
import { deletePoint, usePoints, useRefreshPoints } from '../../features/points/api/points';
import { addSection, setProjectStatus, useStoreProject, useStoreSections } from '../../features/projects/api/project-changes';
import { useProject } from '../../features/projects/api/projects';
import { SurveyMap } from '../../features/survey/components/survey-map';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { DEFAULT_MEASUREMENT, useMeasurementSettings } from '../../lib/measurement-settings';
import { useDisplaySettings } from '../../lib/user-settings';
import { projectEndpoints } from '@smi/contracts';
import { useCan } from '../use-can';

export function PointSurveyPage() {
  const { projectId = '' } = useParams<{ projectId: string }>();
  const navigate = useNavigate();
  const project = useProject(projectId);
  const points = usePoints(projectId);
  const settings = useDisplaySettings();
  const measurement = useMeasurementSettings(projectId).data ?? DEFAULT_MEASUREMENT;
  const refresh = useRefreshPoints();
  const storeSections = useStoreSections();
  const storeProject = useStoreProject();
  const can = useCan();

  // one tap from the map: a paused survey resumes, a completed one is reopened (the spec's Reset Survey)
  const onResume = async () => {
    try {
      storeProject(await setProjectStatus(projectId, 'Active'));
      toast.success('Survey resumed');
      return true;
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update project status'));
      return false;
    }
  };

  const onDiscard = async (pointId: string) => {
    try {
      const reply = await deletePoint(projectId, pointId);
      toast.success(reply.message ?? 'Point deleted successfully');
      await refresh(projectId);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to delete point.'));
    }
  };

  const onAddSection = async (name: string) => {
    try {
      const reply = await addSection(projectId, name);
      storeSections(projectId, reply.Sections);
      toast.success('Project sections updated successfully');
      return true;
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update project sections'));
      return false;
    }
  };

  return (
    <div className="-mb-10 flex h-dvh flex-col">
      <PageHeader
        title={project.data?.Name ?? 'Survey'}
        subtitle="Feel free to do surveys"
        back
        compact
        action={
          <button type="button" className="btn-primary" onClick={() => navigate(paths.takenPoints(projectId))}>
            Proceed
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </button>
        }
      />
      <div className="relative isolate -mx-4 -mt-6 min-h-80 flex-1 sm:-mx-8" role="region" aria-label="Survey map">
        {project.isPending ? (
          <CenteredSpinner label="Loading project" />
        ) : project.isError ? (
          <p role="alert" className="error-box m-4">
            {project.error.message}
          </p>
        ) : (
          <SurveyMap
            project={project.data}
            points={points.data ?? []}
            settings={settings}
            measurement={measurement}
            onMeasured={() => refresh(projectId)}
            onDiscard={onDiscard}
            onAddSection={onAddSection}
            onFilter={() => navigate(paths.takenPoints(projectId))}
            onResume={can(projectEndpoints.setProjectStatus) ? onResume : undefined}
            can={can}
          />
        )}
        {points.isPending && !project.isPending && (
          <div className="absolute left-1/2 top-1/2 z-[1000] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white/95 px-4 py-2 shadow">
            <Spinner label="Loading points" showLabel />
          </div>
        )}
      </div>
    </div>
  );
}
