import { useState } from 'react';
import { RefreshCw, Save } from 'lucide-react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { CenteredSpinner } from '../../components/spinner';
import { deletePoint, editPointLine, renamePoint, usePoints, useProjectCodes, useRefreshPoints, type Point } from '../../features/points/api/points';
import { PointsTable } from '../../features/points/components/points-table';
import { RenamePointDialog } from '../../features/points/components/rename-point-dialog';
import { PointLineEdits } from '../../features/points/components/point-line-edits';
import { PointPhotosDialog } from '../../features/points/components/point-photos-dialog';
import { DeletedPoints } from '../../features/points/components/deleted-points';
import { setProjectStatus, useStoreProject } from '../../features/projects/api/project-changes';
import { useProject } from '../../features/projects/api/projects';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useGridPoints } from '../../lib/grid';
import { useDisplaySettings } from '../../lib/user-settings';
import { projectEndpoints } from '@smi/contracts';
import { useCan } from '../use-can';

export function TakenPointsPage() {
  const { projectId = '' } = useParams<{ projectId: string }>();
  const navigate = useNavigate();
  const points = usePoints(projectId);
  const codes = useProjectCodes(projectId);
  const grid = useGridPoints(projectId);
  const project = useProject(projectId);
  const settings = useDisplaySettings();
  const can = useCan();
  const refresh = useRefreshPoints();
  const storeProject = useStoreProject();
  const [modifying, setModifying] = useState<Point | null>(null);
  const [deleting, setDeleting] = useState<Point | null>(null);
  // by id: the dialog shows the point as the list reads it again after a photo is added or deleted
  const [photosOf, setPhotosOf] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // 'Save Changes' ends this round of work: the survey is paused and the project page opens
  const saveChanges = async () => {
    setBusy(true);
    try {
      storeProject(await setProjectStatus(projectId, 'Paused'));
      // the spec's Save Changes pauses the survey: said, so nobody records into a paused survey unknowingly
      toast.info('Survey paused', { toastId: `paused-${projectId}` });
      navigate(paths.project(projectId));
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update project status'));
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      const reply = await deletePoint(projectId, deleting._id);
      toast.success(reply.message ?? 'Point deleted successfully');
      await refresh(projectId);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to delete point.'));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Taken Points"
        subtitle={project.data ? `Play with points · ${project.data.Name}` : 'Play with points'}
        back
        action={
          <div className="flex gap-2">
            <button type="button" className="icon-btn border border-slate-300 bg-white" onClick={() => void points.refetch()} aria-label="Refresh points" title="Refresh">
              <RefreshCw aria-hidden="true" className={`h-5 w-5 ${points.isFetching ? 'animate-spin' : ''}`} />
            </button>
            {can(projectEndpoints.setProjectStatus) && (
              <button type="button" className="btn-primary flex-1 sm:flex-none" onClick={() => void saveChanges()} disabled={busy}>
                <Save aria-hidden="true" className="h-4 w-4" />
                Save Changes
              </button>
            )}
          </div>
        }
      />
      <Panel bodyClassName="">
        {points.isPending ? (
          <CenteredSpinner label="Loading points" />
        ) : points.isError ? (
          <p role="alert" className="p-6 text-center text-sm text-red-700">
            {points.error.message}
          </p>
        ) : (
          <PointsTable points={points.data} grid={grid.data} unit={settings.system.distanceUnit} onModify={setModifying} onDelete={setDeleting} onPhotos={(p) => setPhotosOf(p._id)} can={can} />
        )}
      </Panel>
      <DeletedPoints projectId={projectId} can={can} />
      <PointPhotosDialog
        projectId={projectId}
        point={points.data?.find((p) => p._id === photosOf) ?? null}
        onClose={() => setPhotosOf(null)}
        onChanged={() => refresh(projectId)}
        can={can}
      />
      <RenamePointDialog
        point={modifying}
        onClose={() => setModifying(null)}
        rename={(pointId, name) => renamePoint(projectId, pointId, name)}
        onRenamed={() => void refresh(projectId)}
      >
        {modifying && (
          <PointLineEdits
            key={modifying._id}
            code={modifying.Code}
            list={codes.data}
            edit={async (line, edit) => {
              const reply = await editPointLine(projectId, modifying._id, line, edit);
              void refresh(projectId);
              return reply.data.Code;
            }}
          />
        )}
      </RenamePointDialog>
      <ConfirmDialog
        open={deleting !== null}
        message="Are you sure you want to delete this point?"
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
