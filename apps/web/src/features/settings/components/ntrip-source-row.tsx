import { useEffect, useState, type FormEvent } from 'react';
import { parseNtripUrl } from '@smi/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useSaveUserNtripSource, useUserNtripSource } from '../api/ntrip-source';
import { SettingRow } from './setting-row';

const STATE_TEXT: Record<string, string> = { connecting: 'Connecting…', connected: 'Connected', retrying: 'Retrying', stopped: 'Stopped' };

/**
 * Settings' "NTRIP Credentials": URL, User Name and Password of the caster whose corrections the user's projects take
 * while RTK Correction Source is NTRIP (editable only then). The stored password is never sent to the browser: the
 * field stays empty, and an empty field on save keeps the stored one.
 */
export function NtripSourceRow({ enabled }: { enabled: boolean }) {
  const source = useUserNtripSource();
  const save = useSaveUserNtripSource();
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const loaded = source.data;

  useEffect(() => {
    if (!loaded) return;
    setUrl(loaded.url);
    setUsername(loaded.username);
    // only when what is stored changes (a save, another tab), not at every state poll
  }, [loaded?.url, loaded?.username]); // eslint-disable-line react-hooks/exhaustive-deps

  // RTK Correction Source just changed: whether the client runs (and its state) is read again at once
  const { refetch } = source;
  useEffect(() => void refetch(), [enabled, refetch]);

  const dirty = !!loaded && (url !== loaded.url || username !== loaded.username || password !== '');
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setNotice('');
    if (url.trim() && !parseNtripUrl(url)) return setError('URL must look like ntrip://caster.example.net:2101/MOUNTPOINT');
    setError(null);
    try {
      const r = await save.mutateAsync({ url: url.trim(), username, ...(password ? { password } : {}) });
      setPassword('');
      setNotice(r.message ?? 'Saved');
    } catch (err) {
      setError(errorMessage(err, 'NTRIP credentials not saved'));
    }
  };

  const hint = enabled ? 'The caster your projects take corrections from (URL: host, port and mountpoint)' : 'Choose NTRIP above to use an external caster';
  return (
    <SettingRow label="NTRIP Credentials" hint={hint}>
      <form className="flex flex-col gap-2 sm:w-64" onSubmit={submit} aria-label="NTRIP Credentials">
        <input
          className="input"
          aria-label="NTRIP URL"
          placeholder="URL"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          disabled={!enabled || !loaded}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
        />
        <input
          className="input"
          aria-label="NTRIP User Name"
          placeholder="User Name"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          disabled={!enabled || !loaded}
          autoComplete="off"
        />
        <input
          className="input"
          aria-label="NTRIP Password"
          placeholder={loaded?.hasPassword ? 'Password (stored)' : 'Password'}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={!enabled || !loaded}
          autoComplete="new-password"
        />
        {enabled && (
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="btn-primary" disabled={!dirty || save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
            <span role="status" className="text-sm font-medium text-emerald-700">
              {notice}
            </span>
          </div>
        )}
        {enabled && loaded?.url && <NtripState state={loaded.state} ageS={loaded.correctionAgeS} lastError={loaded.lastError} />}
        {error && (
          <p role="alert" className="error-box">
            {error}
          </p>
        )}
      </form>
    </SettingRow>
  );
}

function NtripState({ state, ageS, lastError }: { state: string | null; ageS: number | null; lastError: string | null }) {
  return (
    <p className="text-xs text-slate-600" data-testid="ntrip-state">
      {state ? (STATE_TEXT[state] ?? state) : 'Starting…'}
      {ageS !== null && ` · corrections ${ageS.toFixed(1)} s old`}
      {lastError && <span className="block text-red-700">Last error: {lastError}</span>}
    </p>
  );
}
