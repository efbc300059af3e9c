import { useState } from 'react';
import { toast } from 'react-toastify';
import { checkNewSection } from '../rules/record-defaults';

export const ADD_SECTION = '__add_section__';

interface Props {
  sections: string[];
  value: string;
  onChange: (section: string) => void;
  /** Saves a new section on the project; resolves true when it was added. */
  onAdd: (name: string) => Promise<boolean>;
}

/** The section dropdown with 'Add new section...', which asks 'Enter new section name:' right below it. */
export function SectionSelect({ sections, value, onChange, onAdd }: Props) {
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const check = checkNewSection(draft, sections);
    if (!check.ok) {
      if (check.reason === 'exists') toast.error('Section already exists');
      else setAdding(false); // a blank name is ignored
      return;
    }
    setBusy(true);
    const added = await onAdd(check.name);
    setBusy(false);
    if (added) {
      onChange(check.name);
      setAdding(false);
      setDraft('');
    }
  };

  return (
    <div>
      <label htmlFor="record-section" className="label">
        Section
      </label>
      <select
        id="record-section"
        className="input"
        value={value}
        onChange={(e) => (e.target.value === ADD_SECTION ? setAdding(true) : onChange(e.target.value))}
      >
        {sections.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
        <option value={ADD_SECTION}>Add new section...</option>
      </select>
      {adding && (
        <div className="mt-2 rounded-lg border border-blue-200 bg-blue-50 p-3">
          <label htmlFor="new-section" className="mb-1.5 block text-sm font-medium text-slate-800">
            Enter new section name:
          </label>
          <div className="flex gap-2">
            <input
              id="new-section"
              className="input"
              value={draft}
              autoFocus
              maxLength={100}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void confirm();
                }
              }}
            />
            <button type="button" className="btn-primary" onClick={() => void confirm()} disabled={busy}>
              OK
            </button>
            <button type="button" className="btn-ghost" onClick={() => setAdding(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
