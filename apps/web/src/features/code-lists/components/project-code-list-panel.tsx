import { Link } from 'react-router-dom';
import { codeListEndpoints } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import type { Can } from '../../../lib/can';
import { useAssignCodeList, useCodeLists, useProjectList } from '../api/code-lists';

/** Which list the project reads its shots with: one of the user's, or the shipped default (decision 056). */
export function ProjectCodeListPanel({ projectId, listsHref, can }: { projectId: string; listsHref: string; can: Can }) {
  const current = useProjectList(projectId);
  const lists = useCodeLists();
  const assign = useAssignCodeList(projectId);
  const value = current.data?.id ?? '';
  return (
    <Panel title="Feature codes">
      {!can(codeListEndpoints.assignCodeList) ? (
        // a role that may not change the list reads which one it is
        <p className="text-sm text-slate-900">
          <span className="label">Code list</span>
          {current.data?.name ?? (current.isPending ? 'Loading…' : 'Default list')}
        </p>
      ) : (
        <label className="block">
          <span className="label">Code list</span>
          <select
            className="input"
            value={value}
            disabled={current.isPending || lists.isPending || assign.isPending}
            onChange={(e) => assign.mutate(e.target.value || null)}
            data-testid="project-code-list"
          >
            <option value="">Default list</option>
            {(lists.data ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <p className="mt-2 text-sm text-slate-600">
        {current.data ? `${current.data.codes.length} codes. ` : ''}A change redraws the project's linework for everyone watching.{' '}
        <Link to={listsHref} className="font-medium text-brand-700 underline">
          Manage code lists
        </Link>
      </p>
    </Panel>
  );
}
