import { useState } from 'react';
import { CheckCircle2, Pause, Play, RotateCcw } from 'lucide-react';
import { toast } from 'react-toastify';
import { projectEndpoints, type ProjectStatus } from '@smi/contracts';
import { Badge } from '../../../components/badge';
import { Panel } from '../../../components/panel';
import { errorMessage } from '../../../lib/api-client';
import type { Can } from '../../../lib/can';
import { setProjectStatus, useStoreProject } from '../api/project-changes';
import type { Project } from '../api/projects';
import { ACTION_LABEL, ACTION_TARGET, actionsFor, STATUS_TEXT, surveyStatus, type SurveyAction } from '../status-machine';
import { SurveyPulse } from './survey-pulse';

const ICONS = { pause: Pause, resume: Play, complete: CheckCircle2, reset: RotateCcw } as const;
const TONE = { Active: 'blue', Paused: 'orange', Completed: 'green' } as const;

interface Props {
  project: Project;
  /** Resume also opens the survey map. */
  onResume: () => void;
  /** For tests and callers that route the request elsewhere; the real call by default. */
  send?: (id: string, status: ProjectStatus) => Promise<Project>;
  /** The signed-in user's check: pause, resume, complete and reset are drawn only for a role that may change the status. */
  can: Can;
}

/**
 * The survey status: the local status changes at once, then the server is asked; the cached project is replaced
 * only when the server confirms. A refused change goes back to what the server last said.
 */
export function SurveyStatusPanel({ project, onResume, send = setProjectStatus, can }: Props) {
  const mayChange = can(projectEndpoints.setProjectStatus);
  const store = useStoreProject();
  const [local, setLocal] = useState<ProjectStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const status = local ?? surveyStatus(project.Status);
  const text = STATUS_TEXT[status];

  const act = async (action: SurveyAction) => {
    if (busy) return;
    const target = ACTION_TARGET[action];
    setLocal(target);
    setBusy(true);
    if (action === 'resume') onResume();
    try {
      store(await send(project._id, target));
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update project status'));
    } finally {
      setLocal(null);
      setBusy(false);
    }
  };

  return (
    <Panel title="Survey Status" action={<Badge tone={TONE[status]}>{status === 'Active' ? 'In Progress' : status}</Badge>}>
      <div className="flex flex-col gap-4" data-testid="survey-status" data-status={status}>
        <div className="flex items-start gap-3">
          <div className="min-w-0">
            <p className="text-lg font-semibold text-slate-900" aria-live="polite">
              {text.label}
            </p>
            <p className="mt-0.5 text-sm text-slate-500">{text.subText}</p>
          </div>
        </div>
        {status === 'Active' && (
          <div className="flex items-center gap-3 text-sm font-medium text-blue-700">
            <SurveyPulse />
            <span>In Progress</span>
          </div>
        )}
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">{text.hint}</p>
        <div className="flex flex-wrap gap-2">
          {(mayChange ? actionsFor(status) : []).map((action) => {
            const Icon = ICONS[action];
            return (
              <button
                key={action}
                type="button"
                className={action === 'complete' ? 'btn-secondary' : 'btn-primary'}
                onClick={() => void act(action)}
                disabled={busy}
              >
                <Icon aria-hidden="true" className="h-4 w-4" />
                {ACTION_LABEL[action]}
              </button>
            );
          })}
        </div>
      </div>
    </Panel>
  );
}
