import { useMemo, useState } from 'react';
import { Crosshair, Plus } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { designEndpoints, type DesignLineView, type DesignPointView } from '@smi/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { CenteredSpinner } from '../../components/spinner';
import { useProject } from '../../features/projects/api/projects';
import { useDesign, useStakeRecords } from '../../features/stakeout/api/stake';
import { useDesignEdits } from '../../features/stakeout/api/design-edit';
import { DesignLinesTable, DesignPointsTable, searchDesign } from '../../features/stakeout/components/design-list';
import { DesignPointForm } from '../../features/stakeout/components/design-point-form';
import { DesignImportButton } from '../../features/stakeout/components/design-import';
import { stakedSummary } from '../../features/stakeout/components/targets';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useCan } from '../use-can';

/** Rows drawn at once: an imported file may hold 100,000 points; more are drawn on request or found by the search. */
const PAGE = 200;

/** Under a long list: how many of how many are drawn, and a button to draw the next page. */
function MoreRows({ total, limit, onMore, hint = '' }: { total: number; limit: number; onMore: () => void; hint?: string }) {
  if (total <= limit) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 p-3 text-sm text-slate-600">
      <span role="status">
        Showing {limit.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
        {hint}.
      </span>
      <button type="button" className="btn-secondary" onClick={onMore}>
        Show {Math.min(PAGE, total - limit).toLocaleString('en-US')} more
      </button>
    </div>
  );
}

type Deleting = { kind: 'point'; point: DesignPointView } | { kind: 'line'; line: DesignLineView; label: string };

/**
 * The project's design data (decision 058): the points and lines it is staked out from, listed with a search; a
 * role that manages the project types points in, edits and deletes them, and deletes lines.
 */
export function DesignPage() {
  const { projectId = '' } = useParams<{ projectId: string }>();
  const can = useCan();
  const project = useProject(projectId);
  const design = useDesign(projectId);
  const records = useStakeRecords(projectId);
  const { removePoint, removeLine } = useDesignEdits(projectId);
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const [lineLimit, setLineLimit] = useState(PAGE);
  // the form: a new point (null) or the point edited; undefined while closed
  const [editing, setEditing] = useState<DesignPointView | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const staked = useMemo(() => stakedSummary(records.data?.records ?? []), [records.data]);

  if (design.isPending) return <CenteredSpinner label="Loading design data" />;
  if (design.isError) {
    return (
      <>
        <PageHeader title="Design" back />
        <p role="alert" className="error-box">
          {design.error.message}
        </p>
      </>
    );
  }
  const { frame, points, lines } = design.data;
  const shown = searchDesign(points, search);
  const unit = frame?.unit ?? 'metre';

  async function confirmDelete() {
    if (!deleting) return;
    try {
      const reply = (await (deleting.kind === 'point' ? removePoint.mutateAsync(deleting.point.id) : removeLine.mutateAsync(deleting.line.id))) as { message?: string };
      toast.success(reply.message ?? 'Deleted');
    } catch (err) {
      // already deleted elsewhere (404) or refused: said, and the list is read again either way
      toast.error(errorMessage(err, 'Failed to delete.'));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <>
      <PageHeader
        title="Design"
        subtitle={project.data ? `Points and lines to stake out · ${project.data.Name}` : 'Points and lines to stake out'}
        back
        action={
          <Link to={paths.stakeout(projectId)} className="btn-secondary">
            <Crosshair aria-hidden="true" className="h-4 w-4" />
            Stake out
          </Link>
        }
      />
      <div className="flex flex-col gap-4">
        {frame ? (
          <p className="text-sm text-slate-600" data-testid="design-frame">
            Grid coordinates in {frame.crs}, {frame.unit}; heights {frame.height}.
          </p>
        ) : (
          <p className="error-box" data-testid="design-frame">
            Design coordinates are grid coordinates in the project's coordinate system: give the project a projected coordinate system on its{' '}
            <Link className="font-semibold underline" to={paths.project(projectId)}>
              project page
            </Link>{' '}
            first.
          </p>
        )}
        <Panel
          title={`Design points (${points.length.toLocaleString('en-US')})`}
          bodyClassName=""
          action={
            // the design data's actions: typing a point here, importing a design file beside it
            <div role="toolbar" aria-label="Design data" className="flex flex-wrap gap-2" data-testid="design-toolbar">
              {frame && can(designEndpoints.createDesignPoint) && (
                <button type="button" className="btn-primary" onClick={() => setEditing(null)}>
                  <Plus aria-hidden="true" className="h-4 w-4" />
                  Add point
                </button>
              )}
              {frame && <DesignImportButton projectId={projectId} can={can} />}
            </div>
          }
        >
          <div className="border-b border-slate-100 p-3">
            <input
              className="input"
              type="search"
              placeholder="Search by name, code or layer"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setLimit(PAGE);
              }}
              aria-label="Search design points"
            />
          </div>
          <DesignPointsTable
            points={shown.slice(0, limit)}
            unit={unit}
            staked={staked}
            can={can}
            onEdit={(p) => setEditing(p)}
            onDelete={(point) => setDeleting({ kind: 'point', point })}
            empty={points.length ? 'No design point matches the search.' : 'The project has no design points yet.'}
          />
          <MoreRows total={shown.length} limit={limit} onMore={() => setLimit(limit + PAGE)} hint=": search to narrow them down" />
        </Panel>
        {lines.length > 0 && (
          <Panel title={`Design lines (${lines.length.toLocaleString('en-US')})`} bodyClassName="">
            <DesignLinesTable lines={lines.slice(0, lineLimit)} can={can} onDelete={(line, label) => setDeleting({ kind: 'line', line, label })} />
            <MoreRows total={lines.length} limit={lineLimit} onMore={() => setLineLimit(lineLimit + PAGE)} />
          </Panel>
        )}
        {editing !== undefined && <DesignPointForm key={editing?.id ?? 'new'} projectId={projectId} point={editing} unit={unit} onClose={() => setEditing(undefined)} />}
        <ConfirmDialog
          open={deleting !== null}
          title={deleting?.kind === 'line' ? 'Delete design line' : 'Delete design point'}
          message={
            deleting?.kind === 'line'
              ? `Delete the design line “${deleting.label}”? Stake records already stored keep the line they were staked against.`
              : `Delete the design point “${deleting?.point.name ?? ''}”? Stake records already stored keep the design coordinates they were staked against.`
          }
          confirmLabel="Delete"
          busy={removePoint.isPending || removeLine.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      </div>
    </>
  );
}
