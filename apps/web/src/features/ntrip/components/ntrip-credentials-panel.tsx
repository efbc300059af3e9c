import { useState, type FormEvent } from 'react';
import { KeyRound, Trash2 } from 'lucide-react';
import type { NtripCasterAddress, NtripCredentialCreatedReply, NtripCredentialView } from '@smi/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Panel } from '../../../components/panel';
import { ShownOnceSecret } from '../../../components/shown-once-secret';
import { formatDate } from '../../../lib/format';
import { useCreateNtripCredential, useNtripCredentials, useRevokeNtripCredential } from '../api/credentials';

/**
 * NTRIP credentials for controllers and receivers that are not registered devices: each pulls the user's bases (or
 * one project's) from the product's caster. The panel gives what a controller is set up with: the caster's host and
 * the port it really listens on, and each credential's mountpoints as the caster lists them. The password is shown
 * once, right after it is made; revoking one cuts its open connections.
 */
export function NtripCredentialsPanel({ projects }: { projects: { _id: string; Name: string }[] }) {
  const list = useNtripCredentials();
  const create = useCreateNtripCredential();
  const revoke = useRevokeNtripCredential();
  const [name, setName] = useState('');
  const [projectId, setProjectId] = useState('');
  const [made, setMade] = useState<NtripCredentialCreatedReply | null>(null);
  const [revoking, setRevoking] = useState<NtripCredentialView | null>(null);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    try {
      setMade(await create.mutateAsync({ name: name.trim(), projectId: projectId || null }));
      setName('');
    } catch {
      // the api client has shown the server's message
    }
  };

  return (
    <Panel title="NTRIP access" className="xl:col-span-2">
      <p className="text-sm text-slate-600">
        For a controller or receiver that is not a registered device: it pulls your bases' corrections from this server's NTRIP caster, with
        one of the mountpoints listed and the user name and password made here.
      </p>
      <CasterAddress caster={list.data?.caster ?? null} loading={list.isPending} />
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
            <dt className="text-slate-500">Mountpoints</dt>
            <dd className="font-mono break-all">{mountList(made.credential)}</dd>
            <dt className="text-slate-500">Password</dt>
            <dd>
              <ShownOnceSecret
                value={made.password}
                testId="ntrip-password"
                copyLabel="Copy password"
                advice="Enter it in the controller now: it will not be shown again."
              />
            </dd>
          </dl>
        </div>
      )}

      <div className="mt-4">
        {list.isPending ? (
          <p className="text-sm text-slate-500">Loading credentials…</p>
        ) : list.isError ? (
          <p className="error-box">Could not load the NTRIP credentials</p>
        ) : list.data.credentials.length === 0 ? (
          <p className="text-sm text-slate-500">No NTRIP credentials yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="NTRIP credentials">
            {list.data.credentials.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{c.name}</p>
                  <p className="text-xs text-slate-500">
                    <span className="font-mono text-slate-700">{c.username}</span> · {c.projectName ? `Project: ${c.projectName}` : 'All my bases'} · created{' '}
                    {formatDate(c.createdAt)}
                  </p>
                  <p className="text-xs text-slate-500" data-testid="ntrip-mountpoints">
                    Mountpoints: <span className="font-mono break-all text-slate-700">{mountList(c)}</span>
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

const mountList = (c: NtripCredentialView) => (c.mountpoints.length ? c.mountpoints.join(', ') : 'none yet (no base station)');

/** The caster's address as a controller takes it: host and port apart, and the URL form some ask for. */
function CasterAddress({ caster, loading }: { caster: NtripCasterAddress | null; loading: boolean }) {
  if (loading) return null;
  if (!caster) return <p className="mt-3 text-sm text-slate-500">This server does not know its caster's port: ask the administrator for the NTRIP address.</p>;
  const hostInUrl = caster.host.includes(':') ? `[${caster.host}]` : caster.host;
  return (
    <dl className="mt-3 grid grid-cols-[6rem_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm" data-testid="ntrip-caster">
      <dt className="text-slate-500">Caster host</dt>
      <dd className="font-mono break-all text-slate-900">{caster.host}</dd>
      <dt className="text-slate-500">Port</dt>
      <dd className="font-mono text-slate-900">{caster.port}</dd>
      <dt className="text-slate-500">As a URL</dt>
      <dd className="font-mono break-all text-slate-900">
        ntrip://{hostInUrl}:{caster.port}/MOUNTPOINT
      </dd>
    </dl>
  );
}
