import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { ATTRIBUTE_TYPES, CONTROL_ACTIONS, FEATURE_CODE_LIMITS as L, FEATURE_KINDS, type ControlAction } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { useSaveCodeList } from '../api/code-lists';
import { checkDraft, newAttribute, newCode, type AttributeDraft, type CodeDraft, type ListDraft } from '../draft';

const CONTROL_LABELS: Record<ControlAction, string> = {
  start: 'Start a line',
  end: 'End it',
  close: 'Close it (polygon)',
  arcStart: 'Start an arc',
  arcEnd: 'End an arc',
  join: 'Join to a point',
};

/**
 * Edits a list whole: its name, its control codes and its codes, each with kind, layer, colour, 3D and attributes.
 * Save checks the draft with the contracts' schema first and names every problem; the server checks it again.
 */
export function CodeListEditor({ initial, onDone }: { initial: ListDraft; onDone: (savedId: string | null) => void }) {
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<string[]>([]);
  const save = useSaveCodeList();
  const setCode = (i: number, c: CodeDraft) => setDraft((d) => ({ ...d, codes: d.codes.map((x, k) => (k === i ? c : x)) }));

  const submit = async () => {
    const checked = checkDraft(draft);
    if (!checked.ok) return setProblems(checked.problems);
    setProblems([]);
    try {
      const saved = await save.mutateAsync({ id: draft.id, body: checked.body });
      onDone(saved.codeList.id);
    } catch {
      // the api client has shown the server's message
    }
  };

  return (
    <Panel
      title={draft.id ? `Edit “${initial.name}”` : 'New code list'}
      action={
        <div className="flex gap-2">
          <button type="button" className="btn-secondary" onClick={() => onDone(null)}>
            Cancel
          </button>
          <button type="button" className="btn-primary" onClick={() => void submit()} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save list'}
          </button>
        </div>
      }
    >
      <form
        aria-label="Code list"
        onSubmit={(ev) => {
          ev.preventDefault();
          void submit();
        }}
      >
        {problems.length > 0 && (
          <div role="alert" className="error-box mb-4" data-testid="code-list-problems">
            <p className="font-medium">The list cannot be saved yet:</p>
            <ul className="mt-1 list-disc pl-5">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        <label className="block">
          <span className="label">List name</span>
          <input className="input" value={draft.name} maxLength={L.listName} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </label>

        <fieldset className="mt-4">
          <legend className="label">Control codes (typed after a code: “EP1 ST”, “BLD CLO”, “FE JPN CP7”)</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
            {CONTROL_ACTIONS.map((a) => (
              <label key={a}>
                <span className="text-xs text-slate-600">{CONTROL_LABELS[a]}</span>
                <input
                  className="input font-mono uppercase"
                  value={draft.controlCodes[a]}
                  maxLength={L.controlCode}
                  onChange={(e) => setDraft({ ...draft, controlCodes: { ...draft.controlCodes, [a]: e.target.value.toUpperCase() } })}
                />
              </label>
            ))}
          </div>
        </fieldset>

        <div className="mt-5 flex items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Codes ({draft.codes.length})</h3>
          <button type="button" className="btn-secondary" onClick={() => setDraft({ ...draft, codes: [...draft.codes, newCode()] })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add code
          </button>
        </div>
        <ul className="mt-2 flex flex-col gap-3" aria-label="Codes">
          {draft.codes.map((c, i) => (
            <CodeRow key={i} index={i} code={c} onChange={(next) => setCode(i, next)} onRemove={() => setDraft({ ...draft, codes: draft.codes.filter((_, k) => k !== i) })} />
          ))}
        </ul>
        {draft.codes.length === 0 && <p className="mt-2 text-sm text-slate-500">No codes yet: add one, or import a Carlson file instead.</p>}
        <button type="submit" hidden />
      </form>
    </Panel>
  );
}

function CodeRow({ index, code: c, onChange, onRemove }: { index: number; code: CodeDraft; onChange: (c: CodeDraft) => void; onRemove: () => void }) {
  const name = c.code.trim() || `code ${index + 1}`;
  const setAttr = (j: number, a: AttributeDraft) => onChange({ ...c, attributes: c.attributes.map((x, k) => (k === j ? a : x)) });
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="code-row">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[8rem_1fr_7rem] lg:grid-cols-[8rem_1fr_7rem_10rem_5rem_auto_auto]">
        <label>
          <span className="text-xs text-slate-600">Code</span>
          <input className="input font-mono uppercase" value={c.code} maxLength={L.code} onChange={(e) => onChange({ ...c, code: e.target.value.toUpperCase() })} />
        </label>
        <label className="col-span-2 sm:col-span-1">
          <span className="text-xs text-slate-600">Description</span>
          <input className="input" value={c.description} maxLength={L.description} onChange={(e) => onChange({ ...c, description: e.target.value })} />
        </label>
        <label>
          <span className="text-xs text-slate-600">Kind</span>
          <select className="input" value={c.kind} onChange={(e) => onChange({ ...c, kind: e.target.value as CodeDraft['kind'] })}>
            {FEATURE_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="text-xs text-slate-600">Layer</span>
          <input className="input" value={c.layer} maxLength={L.layer} onChange={(e) => onChange({ ...c, layer: e.target.value })} />
        </label>
        <label>
          <span className="text-xs text-slate-600">Colour</span>
          <input type="color" className="input h-11 cursor-pointer p-1" value={c.colour} aria-label={`Colour of ${name}`} onChange={(e) => onChange({ ...c, colour: e.target.value.toUpperCase() })} />
        </label>
        <label className="flex min-h-11 items-center gap-2 self-end text-sm text-slate-700">
          <input type="checkbox" className="h-5 w-5" checked={c.threeD} onChange={(e) => onChange({ ...c, threeD: e.target.checked })} />
          3D line
        </label>
        <button type="button" className="icon-btn self-end text-red-700" onClick={onRemove} aria-label={`Remove ${name}`}>
          <Trash2 aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      {c.attributes.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2 border-l-2 border-slate-100 pl-3" aria-label={`Attributes of ${name}`}>
          {c.attributes.map((a, j) => (
            <AttributeRow key={j} attribute={a} owner={name} onChange={(next) => setAttr(j, next)} onRemove={() => onChange({ ...c, attributes: c.attributes.filter((_, k) => k !== j) })} />
          ))}
        </ul>
      )}
      <button
        type="button"
        className="btn-ghost mt-2 text-sm"
        disabled={c.attributes.length >= L.attributes}
        onClick={() => onChange({ ...c, attributes: [...c.attributes, newAttribute()] })}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add attribute to {name}
      </button>
    </li>
  );
}

function AttributeRow({ attribute: a, owner, onChange, onRemove }: { attribute: AttributeDraft; owner: string; onChange: (a: AttributeDraft) => void; onRemove: () => void }) {
  const label = a.name.trim() || 'attribute';
  return (
    <li className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_8rem_1fr_auto_auto]" data-testid="attribute-row">
      <label>
        <span className="text-xs text-slate-600">Attribute</span>
        <input className="input" value={a.name} maxLength={L.attributeName} onChange={(e) => onChange({ ...a, name: e.target.value })} />
      </label>
      <label>
        <span className="text-xs text-slate-600">Type</span>
        <select className="input" value={a.type} onChange={(e) => onChange({ ...a, type: e.target.value as AttributeDraft['type'], default: '' })}>
          {ATTRIBUTE_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="text-xs text-slate-600">Default</span>
        {a.type === 'yes-no' ? (
          <select className="input" value={a.default} onChange={(e) => onChange({ ...a, default: e.target.value })}>
            <option value="">none</option>
            <option value="yes">yes</option>
            <option value="no">no</option>
          </select>
        ) : (
          <input className="input" inputMode={a.type === 'number' ? 'decimal' : undefined} value={a.default} onChange={(e) => onChange({ ...a, default: e.target.value })} />
        )}
      </label>
      <label className="flex min-h-11 items-center gap-2 self-end text-sm text-slate-700">
        <input type="checkbox" className="h-5 w-5" checked={a.required} onChange={(e) => onChange({ ...a, required: e.target.checked })} />
        Required
      </label>
      <button type="button" className="icon-btn self-end text-red-700" onClick={onRemove} aria-label={`Remove ${label} from ${owner}`}>
        <Trash2 aria-hidden="true" className="h-5 w-5" />
      </button>
      {a.type === 'choice' && (
        <label className="col-span-2 sm:col-span-5">
          <span className="text-xs text-slate-600">Choices (one per line)</span>
          <textarea className="input py-2" rows={3} value={a.choices} onChange={(e) => onChange({ ...a, choices: e.target.value })} />
        </label>
      )}
    </li>
  );
}
