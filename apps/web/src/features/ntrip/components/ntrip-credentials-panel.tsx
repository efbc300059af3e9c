import { useState, type FormEvent } from 'react';
import { Copy, KeyRound, Trash2 } from 'lucide-react';
import type { NtripCredentialCreatedReply, NtripCredentialView } from '@smi/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Panel } from '../../../components/panel';
import { formatDate } from '../../../lib/format';
import { useCreateNtripCredential, useNtripCredentials, useRevokeNtripCredential } from '../api/credentials';

/**
 * NTRIP credentials for controllers and receivers that are not registered devices: each pulls the user's bases (or
 * one project's) from the product's caster. The password is shown once, right after it is made; revoking one cuts
 * its open connections.
 */
export function NtripCredentialsPanel({ projects }: { projects: { _id: string; Name: string }[] }) {
  const list = useNtripCredentials();
  const create = useCreateNtripCredential();
  const revoke = useRevokeNtripCredential();
  const [name, setName] = useState('');
  const [projectId, setProjectId] = useState('');
  const [made, setMade] = useState<NtripCredentialCreatedReply | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<NtripCredentialView | null>(null);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setCopied(false);
    try {
      setMade(await create.mutateAsync({ name: name.trim(), projectId: projectId || null }));
      setName('');
    } catch {
      // the api client has shown the server's message
    }
  };
  const copy = async () => {
    if (made) await navigator.clipboard?.writeText(made.password).then(() => setCopied(true), () => setCopied(false));
  };

  return (
    <Panel title="NTRIP access" className="xl:col-span-2">
      <p className="text-sm text-slate-600">
        For a controller or receiver that is not a registered device: it pulls your bases' corrections from this server's NTRIP caster
        (NTRIP port, 2101 unless the administrator changed it), with the mountpoint set to the base's device code.
      </p>
      <form className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={submit} aria-label="New NTRIP credential">
        <label className="flex-1">
          <span className="text-xs font-medium text-slate-600">Name</span>
          <input className="input" value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Field controller" maxLength={60} />
        </label>
        <label className="sm:w-56">
          <span className="text-xs font-medium text-slate-600">Bases it may pull</span>
          <select className="input" value={projectId} onChange={(e) => setProjectId(e.target.value)}>
            <option value="">All my bases</option>
            {projects.map((p) => (
              <option key={p._id} value={p._id}>
                Project: {p.Name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-primary" disabled={!name.trim() || create.isPending}>
          <KeyRound aria-hidden="true" className="h-5 w-5" />
          {create.isPending ? 'Creating…' : 'Create credential'}
        </button>
      </form>

      {made && (
        <div className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm" data-testid="ntrip-credential-made">
          <p className="font-medium text-slate-900">{made.credential.name}</p>
          <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-[7rem_1fr]">
            <dt className="text-slate-500">User name</dt>
            <dd className="font-mono break-all">{made.credential.username}</dd>
            <dt className="text-slate-500">Password</dt>
            <dd className="flex items-center gap-2">
              <code className="min-w-0 flex-1 rounded-md bg-brand-900 px-3 py-2 font-mono break-all text-emerald-300" data-testid="ntrip-password">
                {made.password}
              </code>
              <button type="button" className="icon-btn" onClick={copy} aria-label="Copy password">
                <Copy aria-hidden="true" className="h-5 w-5" />
              </button>
            </dd>
          </dl>
          <p className="mt-2 text-xs text-amber-800" role="status">
            {copied ? 'Copied. ' : ''}Enter it in the controller now: it will not be shown again.
          </p>
        </div>
      )}

      <div className="mt-4">
        {list.isPending ? (
          <p className="text-sm text-slate-500">Loading credentials…</p>
        ) : list.isError ? (
          <p className="error-box">Could not load the NTRIP credentials</p>
        ) : list.data.length === 0 ? (
          <p className="text-sm text-slate-500">No NTRIP credentials yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="NTRIP credentials">
            {list.data.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{c.name}</p>
                  <p className="text-xs text-slate-500">
                    <span className="font-mono text-slate-700">{c.username}</span> · {c.projectName ? `Project: ${c.projectName}` : 'All my bases'} · created{' '}
                    {formatDate(c.createdAt)}
                  </p>
                </div>
                <button type="button" className="icon-btn shrink-0 text-red-700" onClick={() => setRevoking(c)} aria-label={`Revoke ${c.name}`}>
                  <Trash2 aria-hidden="true" className="h-5 w-5" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={!!revoking}
        title="Revoke NTRIP credential"
        message={`"${revoking?.name ?? ''}" stops working at once, and its open connections are closed. Continue?`}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={() => {
          const c = revoking;
          setRevoking(null);
          if (c) {
            if (made?.credential.id === c.id) setMade(null);
            revoke.mutate(c.id);
          }
        }}
        onCancel={() => setRevoking(null)}
      />
    </Panel>
  );
}
