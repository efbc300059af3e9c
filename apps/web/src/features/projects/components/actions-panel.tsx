import { useState } from 'react';
import { Link } from 'react-router-dom';
import { List, Map, Trash2, Crosshair, Ruler } from 'lucide-react';
import { projectEndpoints } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import type { Can } from '../../../lib/can';
import type { Project } from '../api/projects';
import { DeleteProjectDialog } from './delete-project-dialog';
import { ExportControl } from './export-control';

interface Props {
  project: Project;
  mapHref: string;
  pointsHref: string;
  /** the stake-out screen */
  stakeHref?: string;
  /** the design points and lines the project is staked out from */
  designHref?: string;
  onDeleted: () => void;
  /** The signed-in user's check: Delete Project is drawn only for a role that may delete it. */
  can: Can;
}

export function ActionsPanel({ project, mapHref, pointsHref, stakeHref, designHref, onDeleted, can }: Props) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Panel title="Actions">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Link to={mapHref} className="btn-primary">
          <Map aria-hidden="true" className="h-4 w-4" />
          View on Map
        </Link>
        <Link to={pointsHref} className="btn-secondary">
          <List aria-hidden="true" className="h-4 w-4" />
          Points
        </Link>
        {stakeHref && (
          <Link to={stakeHref} className="btn-secondary">
            <Crosshair aria-hidden="true" className="h-4 w-4" />
            Stake out
          </Link>
        )}
        {designHref && (
          <Link to={designHref} className="btn-secondary">
            <Ruler aria-hidden="true" className="h-4 w-4" />
            Design
          </Link>
        )}
      </div>
      <div className="mt-5">
        <h3 className="mb-2 text-sm font-semibold text-slate-700">Export Data</h3>
        <ExportControl projectId={project._id} />
      </div>
      {can(projectEndpoints.deleteProject) && (
        <>
          <div className="mt-4 border-t border-slate-100 pt-4">
            <button type="button" className="btn-danger w-full sm:w-auto" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Delete Project
            </button>
          </div>
          <DeleteProjectDialog project={confirming ? project : null} onClose={() => setConfirming(false)} onDeleted={onDeleted} />
        </>
      )}
    </Panel>
  );
}
