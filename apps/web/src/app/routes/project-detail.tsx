import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { CenteredSpinner } from '../../components/spinner';
import { useProject } from '../../features/projects/api/projects';
import { ActionsPanel } from '../../features/projects/components/actions-panel';
import { BaseSetupsPanel } from '../../features/projects/components/base-setups-panel';
import { CalibrationPanel } from '../../features/projects/components/calibration-panel';
import { CrsPanel } from '../../features/projects/components/crs-panel';
import { MeasurementPanel } from '../../features/projects/components/measurement-panel';
import { OverviewPanel } from '../../features/projects/components/overview-panel';
import { PositioningModePanel } from '../../features/projects/components/positioning-mode-panel';
import { SectionsPanel } from '../../features/projects/components/sections-panel';
import { SurveyStatusPanel } from '../../features/projects/components/survey-status-panel';
import { ProjectNtripPanel } from '../../features/ntrip/components/project-ntrip-panel';
import { ProjectCodeListPanel } from '../../features/code-lists/components/project-code-list-panel';
import { paths } from '../../lib/paths';
import { Panel } from '../../components/panel';
import { CorrectionsClients } from '../../components/corrections-clients';
import { useCan } from '../use-can';

export function ProjectDetailPage() {
  const { projectId = '' } = useParams<{ projectId: string }>();
  const navigate = useNavigate();
  const query = useProject(projectId);
  const can = useCan();

  if (query.isPending) return <CenteredSpinner label="Loading project" />;
  if (query.isError) {
    return (
      <>
        <PageHeader title="Project" back />
        <p role="alert" className="error-box">
          {query.error.message}
        </p>
      </>
    );
  }
  const project = query.data;
  return (
    <>
      <PageHeader title={project.Name} subtitle={project.Description || 'No description'} back />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:gap-6">
        <div className="flex flex-col gap-4 lg:gap-6">
          <SurveyStatusPanel can={can} project={project} onResume={() => navigate(paths.pointSurvey(project._id))} />
          {/* keyed on the project only: saving a Known Position changes the mode, and a remount would lose the
              re-computation message; the panel follows the project's mode and position itself */}
          <PositioningModePanel key={project._id} project={project} can={can} />
          <BaseSetupsPanel projectId={project._id} />
          <MeasurementPanel projectId={project._id} can={can} />
          <ProjectNtripPanel projectId={project._id} can={can} />
          <Panel title="Receiving corrections">
            <CorrectionsClients of={{ project: project._id }} />
          </Panel>
          <CrsPanel projectId={project._id} can={can} />
          <CalibrationPanel projectId={project._id} can={can} />
        </div>
        <div className="flex flex-col gap-4 lg:gap-6">
          <OverviewPanel project={project} />
          <SectionsPanel projectId={project._id} sections={project.Sections} can={can} />
          <ProjectCodeListPanel can={can} projectId={project._id} listsHref={paths.codeLists} />
          <ActionsPanel
            can={can}
            project={project}
            mapHref={paths.pointSurvey(project._id)}
            pointsHref={paths.takenPoints(project._id)}
            stakeHref={paths.stakeout(project._id)}
            designHref={paths.design(project._id)}
            onDeleted={() => navigate(-1)}
          />
        </div>
      </div>
    </>
  );
}
