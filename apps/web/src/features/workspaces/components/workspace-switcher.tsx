import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { WORKSPACE_NAME_MAX } from '@smi/contracts';
import { useCreateWorkspace, useSwitchWorkspace, useWorkspaces } from '../api/workspaces';

/**
 * The workspace the user works in, in the sidebar. With several, a picker: choosing one makes it current on the
 * server (remembered for the next visit) and every list is read again in it. With only the personal workspace it is
 * one quiet line. "New workspace" makes a team workspace and moves into it.
 */
export function WorkspaceSwitcher() {
  const list = useWorkspaces();
  const switchTo = useSwitchWorkspace();
  const create = useCreateWorkspace();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');

  if (!list.data) return null;
  const workspaces = list.data;
  const current = workspaces.find((w) => w.current);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    try {
      const { workspace } = await create.mutateAsync(name.trim());
      setName('');
      setAdding(false);
      await switchTo.mutateAsync(workspace.id);
    } catch {
      // the api client has shown the server's message
    }
  };

  return (
    <div className="px-3" data-testid="workspace-switcher">
      {workspaces.length > 1 ? (
        <label className="block">
          <span className="px-1 text-xs font-medium text-slate-400">Workspace</span>
          <select
            className="mt-1 min-h-11 w-full rounded-lg border border-slate-700 bg-slate-800 px-3 text-base text-white sm:text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
            value={current?.id ?? ''}
            disabled={switchTo.isPending}
            onChange={(e) => switchTo.mutate(e.target.value)}
          >
            {workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                {w.personal ? `${w.name} (personal)` : w.name}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="px-1 text-xs text-slate-400">
          Workspace: <span className="text-slate-200">{current?.name ?? workspaces[0]?.name}</span>
        </p>
      )}
      {adding ? (
        <form className="mt-2 flex flex-col gap-2" onSubmit={submit} aria-label="New workspace">
          <label>
            <span className="sr-only">Name of the new workspace</span>
            <input
              className="min-h-11 w-full rounded-lg border border-slate-700 bg-slate-800 px-3 text-base text-white sm:text-sm placeholder:text-slate-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. North Crew"
              maxLength={WORKSPACE_NAME_MAX}
              autoFocus
            />
          </label>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary flex-1" disabled={!name.trim() || create.isPending || switchTo.isPending}>
              {create.isPending ? 'Creating…' : 'Create'}
            </button>
            <button type="button" className="min-h-11 rounded-lg px-3 text-sm font-medium hover:bg-slate-800 hover:text-white" onClick={() => setAdding(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="mt-1 flex min-h-11 w-full items-center gap-2 rounded-lg px-1 text-xs font-medium text-slate-400 hover:bg-slate-800 hover:text-white" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          New workspace
        </button>
      )}
    </div>
  );
}
