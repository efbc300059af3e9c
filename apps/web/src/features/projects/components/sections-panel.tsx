import { useState, type FormEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { toast } from 'react-toastify';
import { LIMITS, projectEndpoints } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { errorMessage } from '../../../lib/api-client';
import type { Can } from '../../../lib/can';
import { addSection, removeSection, useStoreSections } from '../api/project-changes';

/** Sections of a project: chips (the 'default' one cannot be removed), add with Enter or the Add button. */
export function SectionsPanel({ projectId, sections, can }: { projectId: string; sections: string[] | undefined; can: Can }) {
  const mayAdd = can(projectEndpoints.addSection);
  const mayRemove = can(projectEndpoints.removeSection);
  const storeSections = useStoreSections();
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const name = draft.trim();
    if (!name || !sections || busy) return; // blank input is ignored
    if (sections.includes(name)) return void toast.error('Section already exists');
    setBusy(true);
    try {
      const reply = await addSection(projectId, name);
      storeSections(projectId, reply.Sections);
      setDraft('');
      toast.success('Project sections updated successfully');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update project sections'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (name: string) => {
    try {
      const reply = await removeSection(projectId, name);
      storeSections(projectId, reply.Sections);
      toast.success('Section removed successfully');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to remove project section'));
    }
  };

  return (
    <Panel title="Sections">
      {!sections ? (
        <p className="text-sm text-slate-500">Loading sections...</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Sections">
          {sections.map((s) => (
            <li key={s} className="inline-flex min-h-9 items-center gap-1 rounded-full bg-blue-50 pl-3 text-sm font-medium text-blue-800 ring-1 ring-blue-600/20">
              <span className="max-w-48 truncate py-1">{s}</span>
              {s === LIMITS.defaultSection || !mayRemove ? (
                <span className="pr-3" />
              ) : (
                <button
                  type="button"
                  onClick={() => void remove(s)}
                  className="inline-flex h-9 w-9 items-center justify-center rounded-full text-blue-700 hover:bg-blue-100"
                  aria-label={`Remove section ${s}`}
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayAdd && (
        <form onSubmit={(e) => void add(e)} className="mt-4 flex gap-2">
          <label className="sr-only" htmlFor={`section-${projectId}`}>
            New section name
          </label>
          <input
            id={`section-${projectId}`}
            className="input"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Add a section"
            maxLength={100}
          />
          <button type="submit" className="btn-secondary" disabled={busy || !sections}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add
          </button>
        </form>
      )}
    </Panel>
  );
}
