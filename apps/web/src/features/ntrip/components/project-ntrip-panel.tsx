import { useEffect, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { ntripEndpoints, type NtripSourceView, type SourcetableEntryView } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { errorMessage } from '../../../lib/api-client';
import type { Can } from '../../../lib/can';
import { fetchSourcetable, useProjectNtripSource, useRemoveProjectNtripSource, useSaveProjectNtripSource } from '../api/project-source';

const STATE_TEXT: Record<string, string> = { connecting: 'Connecting…', connected: 'Connected', retrying: 'Retrying', stopped: 'Stopped' };

interface Draft {
  host: string;
  port: string;
  version: 1 | 2;
  username: string;
  password: string;
  mountpoint: string;
  sendGga: boolean;
  enabled: boolean;
}

const draftOf = (s: NtripSourceView | null | undefined): Draft => ({
  host: s?.host ?? '',
  port: String(s?.port ?? 2101),
  version: s?.version === 2 ? 2 : 1,
  username: s?.username ?? '',
  password: '',
  mountpoint: s?.mountpoint ?? '',
  sendGga: s?.sendGga ?? false,
  enabled: s?.enabled ?? true,
});

/**
 * A project's corrections from an external NTRIP caster (a network, or a base elsewhere): host, port, NTRIP 1 or 2,
 * credentials (the stored password is never sent back), the mountpoint picked from the caster's sourcetable, and GGA
 * for network/VRS mountpoints. Shows the client's state, its last error and the age of the corrections.
 */
export function ProjectNtripPanel({ projectId, can }: { projectId: string; can: Can }) {
  const source = useProjectNtripSource(projectId);
  const save = useSaveProjectNtripSource(projectId);
  const remove = useRemoveProjectNtripSource(projectId);
  const [d, setD] = useState<Draft>(draftOf(null));
  const [table, setTable] = useState<SourcetableEntryView[] | null>(null);
  const [looking, setLooking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const stored = source.data;
  const storedKey = stored ? JSON.stringify([stored.host, stored.port, stored.version, stored.username, stored.mountpoint, stored.sendGga, stored.enabled]) : 'none';
  // the form follows what is stored when that changes (a save), not at each state poll
  useEffect(() => setD(draftOf(stored)), [storedKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const port = Number(d.port);
  const portOk = Number.isInteger(port) && port >= 1 && port <= 65535;

  const lookUp = async () => {
    setError(null);
    setLooking(true);
    try {
      const entries = await fetchSourcetable({ host: d.host.trim(), port, version: d.version, username: d.username || undefined, password: d.password || undefined });
      setTable(entries);
      if (!entries.length) setError('The caster lists no mountpoints');
    } catch (err) {
      setTable(null);
      setError(errorMessage(err, 'Sourcetable not read'));
    } finally {
      setLooking(false);
    }
  };

  const pick = (mountpoint: string) => {
    const entry = table?.find((t) => t.mountpoint === mountpoint);
    setD((x) => ({ ...x, mountpoint, sendGga: entry ? entry.nmea || entry.network : x.sendGga }));
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setError(null);
    setNotice('');
    try {
      const r = await save.mutateAsync({
        host: d.host.trim(),
        port,
        mountpoint: d.mountpoint.trim(),
        username: d.username,
        ...(d.password ? { password: d.password } : {}),
        version: d.version,
        sendGga: d.sendGga,
        enabled: d.enabled,
      });
      setNotice(r.message ?? 'Saved');
    } catch (err) {
      setError(errorMessage(err, 'NTRIP source not saved'));
    }
  };

  return (
    <Panel title="Network corrections (NTRIP)">
      {source.isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : !can(ntripEndpoints.putNtripSource) ? (
        // a role that may not change the caster reads where the corrections come from
        <div className="space-y-3 text-sm">
          <p className="text-slate-600">
            {stored ? 'This project takes its corrections from an external caster and passes them to its rovers.' : "Corrections come from the project's base."}
          </p>
          {stored && <SourceState s={stored} />}
        </div>
      ) : (
        <form className="space-y-3 text-sm" onSubmit={submit} aria-label="External NTRIP caster">
          <p className="text-slate-600">
            {stored
              ? 'This project takes its corrections from an external caster and passes them to its rovers.'
              : "Corrections come from the project's base. To use a network or a base elsewhere, give its NTRIP caster."}
          </p>
          {stored && <SourceState s={stored} />}
          <div className="grid gap-2 sm:grid-cols-[1fr_6rem]">
            <label>
              <span className="text-xs font-medium text-slate-600">Caster host</span>
              <input className="input" value={d.host} onChange={(e) => set('host', e.target.value)} placeholder="caster.example.net" autoComplete="off" spellCheck={false} />
            </label>
            <label>
              <span className="text-xs font-medium text-slate-600">Port</span>
              <input className="input" value={d.port} onChange={(e) => set('port', e.target.value)} inputMode="numeric" aria-invalid={portOk ? undefined : true} />
            </label>
          </div>
          <fieldset className="flex items-center gap-4">
            <legend className="sr-only">NTRIP version</legend>
            {([1, 2] as const).map((v) => (
              <label key={v} className="flex items-center gap-1.5">
                <input type="radio" name={`ntrip-version-${projectId}`} checked={d.version === v} onChange={() => set('version', v)} />
                NTRIP {v}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-2 sm:grid-cols-2">
            <label>
              <span className="text-xs font-medium text-slate-600">User name</span>
              <input className="input" value={d.username} onChange={(e) => set('username', e.target.value)} autoComplete="off" />
            </label>
            <label>
              <span className="text-xs font-medium text-slate-600">Password</span>
              <input
                className="input"
                type="password"
                value={d.password}
                onChange={(e) => set('password', e.target.value)}
                placeholder={stored?.hasPassword ? 'Stored' : ''}
                autoComplete="new-password"
              />
            </label>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <label className="flex-1">
              <span className="text-xs font-medium text-slate-600">Mountpoint</span>
              {table?.length ? (
                <select className="input" value={d.mountpoint} onChange={(e) => pick(e.target.value)} aria-label="Mountpoint">
                  <option value="">Choose a mountpoint…</option>
                  {table.map((t) => (
                    <option key={t.mountpoint} value={t.mountpoint}>
                      {t.mountpoint} — {[t.identifier, t.format, t.navSystem, t.network || t.nmea ? 'network/VRS' : ''].filter(Boolean).join(' · ')}
                    </option>
                  ))}
                </select>
              ) : (
                <input className="input" value={d.mountpoint} onChange={(e) => set('mountpoint', e.target.value)} aria-label="Mountpoint" autoComplete="off" spellCheck={false} />
              )}
            </label>
            <button type="button" className="btn-secondary" onClick={lookUp} disabled={!d.host.trim() || !portOk || looking}>
              <Search aria-hidden="true" className="h-4 w-4" />
              {looking ? 'Reading…' : 'Find mountpoints'}
            </button>
          </div>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={d.sendGga} onChange={(e) => set('sendGga', e.target.checked)} />
            Send the rovers' position (GGA every 10 s), for network/VRS mountpoints
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={d.enabled} onChange={(e) => set('enabled', e.target.checked)} />
            Use these corrections
          </label>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="btn-primary" disabled={save.isPending || !d.host.trim() || !portOk || !d.mountpoint.trim()}>
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
            {stored && (
              <button type="button" className="btn-secondary" onClick={() => remove.mutate()} disabled={remove.isPending}>
                Remove
              </button>
            )}
            <span role="status" className="font-medium text-emerald-700">
              {notice}
            </span>
          </div>
          {error && (
            <p role="alert" className="error-box">
              {error}
            </p>
          )}
        </form>
      )}
    </Panel>
  );
}

function SourceState({ s }: { s: NtripSourceView }) {
  return (
    <dl className="grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3 text-xs" data-testid="ntrip-source-state">
      <dt className="text-slate-500">State</dt>
      <dd className="font-medium">{s.enabled ? (STATE_TEXT[s.state] ?? s.state) : 'Not in use'}</dd>
      <dt className="text-slate-500">Corrections age</dt>
      <dd>{s.correctionAgeS === null ? 'nothing received yet' : `${s.correctionAgeS.toFixed(1)} s`}</dd>
      {s.lastError && (
        <>
          <dt className="text-slate-500">Last error</dt>
          <dd className="text-red-700">{s.lastError}</dd>
        </>
      )}
      <dt className="text-slate-500">Rovers' mountpoint</dt>
      <dd className="font-mono">{s.casterMountpoint}</dd>
    </dl>
  );
}
