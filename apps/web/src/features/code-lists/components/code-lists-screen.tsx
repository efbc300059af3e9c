import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'react-toastify';
import { Download, FilePlus2, Pencil, Trash2, Upload } from 'lucide-react';
import { CODE_LIST_EXPORT_FORMATS, codeListEndpoints, type CodeListExportFormat } from '@smi/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Panel } from '../../../components/panel';
import { ApiError } from '../../../lib/api-client';
import type { Can } from '../../../lib/can';
import { formatDate } from '../../../lib/format';
import { downloadCodeList, useCodeList, useCodeLists, useDeleteCodeList, useImportCodeList } from '../api/code-lists';
import { draftOf, emptyDraft, importFormatOf, type ListDraft } from '../draft';
import { CodeListEditor } from './code-list-editor';

const EXPORT_LABELS: Record<CodeListExportFormat, string> = { 'carlson-csv': 'Carlson CSV', csv: 'CSV with kind and colour', json: 'JSON with attributes' };

interface ImportProblem {
  line: number | null;
  message: string;
}

/**
 * The user's code lists: make one (empty or from the shipped default), edit, import a Carlson field-to-finish CSV or
 * a JSON list (a refused file names its bad lines and nothing is stored), export, delete. A project is given its
 * list on the project's page. A role that may not change lists (`can`) reads and exports them only.
 */
export function CodeListsScreen({ can }: { can: Can }) {
  const mayCreate = can(codeListEndpoints.createCodeList);
  const mayEdit = can(codeListEndpoints.replaceCodeList);
  const mayDelete = can(codeListEndpoints.deleteCodeList);
  const mayImport = can(codeListEndpoints.importCodeList);
  const lists = useCodeLists();
  const shipped = useCodeList(null);
  const [editing, setEditing] = useState<ListDraft | null>(null);
  const [openId, setOpenId] = useState<string | null | undefined>(undefined);
  const opened = useCodeList(openId);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const remove = useDeleteCodeList();

  const edit = (id: string | null) => {
    setEditing(null);
    setOpenId(id);
  };
  // a list asked for opens in the editor as soon as it is loaded
  useEffect(() => {
    if (openId !== undefined && opened.data && opened.data.id === openId) {
      setEditing(draftOf(opened.data));
      setOpenId(undefined);
    }
  }, [openId, opened.data]);

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[22rem_1fr] lg:gap-6">
      <div className="flex flex-col gap-4">
        <Panel title="Code lists">
          {mayCreate && (
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-primary" onClick={() => setEditing(emptyDraft())}>
                <FilePlus2 aria-hidden="true" className="h-5 w-5" />
                New list
              </button>
              <button type="button" className="btn-secondary" disabled={!shipped.data} onClick={() => shipped.data && setEditing(draftOf(shipped.data, true))}>
                Copy the default list
              </button>
            </div>
          )}
          {lists.isPending ? (
            <p className="mt-3 text-sm text-slate-500">Loading code lists…</p>
          ) : lists.isError ? (
            <p className="error-box mt-3">Could not load the code lists</p>
          ) : lists.data.length === 0 ? (
            <p className="mt-3 text-sm text-slate-500">No lists of your own yet: projects read their codes with the default list.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100" aria-label="Your code lists">
              {lists.data.map((l) => (
                <li key={l.id} className="py-2" data-testid="code-list-item">
                  <div className="flex items-center justify-between gap-2">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900">{l.name}</p>
                      <p className="text-xs text-slate-500">
                        {l.codes} codes · {l.projects === 1 ? '1 project' : `${l.projects} projects`} · changed {formatDate(l.updatedAt)}
                      </p>
                    </div>
                    <div className="flex shrink-0">
                      {mayEdit && (
                        <button type="button" className="icon-btn" onClick={() => edit(l.id)} aria-label={`Edit ${l.name}`}>
                          <Pencil aria-hidden="true" className="h-5 w-5" />
                        </button>
                      )}
                      {mayDelete && (
                        <button type="button" className="icon-btn text-red-700" onClick={() => setDeleting({ id: l.id, name: l.name })} aria-label={`Delete ${l.name}`}>
                          <Trash2 aria-hidden="true" className="h-5 w-5" />
                        </button>
                      )}
                    </div>
                  </div>
                  <ExportButtons listId={l.id} name={l.name} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
        {mayImport && <ImportPanel onImported={(id) => edit(id)} />}
        {shipped.data && (
          <Panel title="The default list">
            <p className="text-sm text-slate-600">
              {shipped.data.codes.length} common topographic codes. A project without a list of its own reads its shots with it; copy it to change it.
            </p>
          </Panel>
        )}
      </div>
      <div>
        {editing ? (
          <CodeListEditor key={editing.id ?? 'new'} initial={editing} onDone={() => setEditing(null)} />
        ) : !mayCreate && !mayEdit ? null : (
          <Panel>
            <p className="text-sm text-slate-500">{openId !== undefined ? 'Loading the list…' : 'Choose a list to edit, make a new one or import a file.'}</p>
          </Panel>
        )}
      </div>
      <ConfirmDialog
        open={!!deleting}
        title="Delete code list"
        message={`Delete “${deleting?.name ?? ''}”? A list a project reads its codes with cannot be deleted.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => {
          const d = deleting;
          setDeleting(null);
          if (d) {
            if (editing?.id === d.id) setEditing(null);
            remove.mutate(d.id);
          }
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

function ExportButtons({ listId, name }: { listId: string; name: string }) {
  return (
    <div className="mt-1 flex flex-wrap gap-1" role="group" aria-label={`Export ${name}`}>
      {CODE_LIST_EXPORT_FORMATS.map((f) => (
        <button
          key={f}
          type="button"
          className="btn-ghost min-h-11 px-2 text-xs"
          onClick={() => downloadCodeList(listId, f).catch((err: unknown) => toast.error(err instanceof Error ? err.message : 'Export failed'))}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          {EXPORT_LABELS[f]}
        </button>
      ))}
    </div>
  );
}

/** Reads the chosen file in the browser and sends its text; a refused file's bad lines are listed. */
function ImportPanel({ onImported }: { onImported: (id: string | null) => void }) {
  const imp = useImportCodeList();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [problems, setProblems] = useState<{ file: string; message: string; errors: ImportProblem[] } | null>(null);

  const choose = async (ev: ChangeEvent<HTMLInputElement>) => {
    const file = ev.target.files?.[0];
    ev.target.value = '';
    if (!file) return;
    setProblems(null);
    try {
      const content = await file.text();
      const format = importFormatOf(file.name);
      const listName = name.trim() || (format === 'csv' ? file.name.replace(/\.[^.]+$/, '') : undefined);
      const reply = await imp.mutateAsync({ format, content, ...(listName ? { name: listName } : {}) });
      toast.success(reply.message ?? `Imported “${reply.codeList.name}”`);
      setName('');
      onImported(reply.codeList.id);
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { errors?: ImportProblem[] } | undefined) : undefined;
      setProblems({ file: file.name, message: err instanceof Error ? err.message : 'Import failed', errors: body?.errors ?? [] });
    }
  };

  return (
    <Panel title="Import a code list">
      <p className="text-sm text-slate-600">
        A Carlson field-to-finish CSV (code, polyline Y/N, 3D Y/N, layer, description), our CSV with a header, or a JSON list with attributes. A file
        with a bad row imports nothing.
      </p>
      <label className="mt-3 block">
        <span className="label">Name for the list (optional)</span>
        <input className="input" value={name} onChange={(e) => setName(e.target.value)} placeholder="the file's name" maxLength={100} />
      </label>
      <input ref={input} type="file" accept=".csv,.txt,.fcl,.json,text/csv,application/json" className="sr-only" aria-label="Code list file" data-testid="code-list-file" onChange={(e) => void choose(e)} />
      <button type="button" className="btn-secondary mt-3" onClick={() => input.current?.click()} disabled={imp.isPending}>
        <Upload aria-hidden="true" className="h-5 w-5" />
        {imp.isPending ? 'Importing…' : 'Choose file…'}
      </button>
      {problems && (
        <div role="alert" className="error-box mt-3" data-testid="import-problems">
          <p className="font-medium">
            {problems.file} was not imported: {problems.message}
          </p>
          {problems.errors.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {problems.errors.map((e, i) => (
                <li key={i}>{e.line === null ? e.message : `Line ${e.line}: ${e.message}`}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Panel>
  );
}
