import { useState, type FormEvent } from 'react';
import { BadgeCheck } from 'lucide-react';

/**
 * A device registered on a server with a maker key waits to be activated: the user who registered its code proves
 * they hold it with the activation key printed on it (decisions 027, 037). The device itself cannot: the key is no
 * login. `activate` answers the server's message or throws with it.
 */
export function DeviceActivation({ activate }: { activate: (activationKey: string) => Promise<string> }) {
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const typed = key.trim();
    if (!typed) return setError('Enter the activation key');
    setBusy(true);
    setError(null);
    try {
      setDone(await activate(typed));
      setKey('');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4" aria-label="Activate this device" noValidate>
      <h3 className="font-semibold text-amber-900">Activate this device</h3>
      <p className="text-sm text-amber-900">
        Enter the activation key printed on the device. Until then it cannot connect, no secret can be made for it, and another
        account may register its code.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="sr-only" htmlFor="activation-key">
          Activation key
        </label>
        <input
          id="activation-key"
          className="input min-w-0 flex-1 font-mono"
          placeholder="Activation key"
          autoComplete="off"
          spellCheck={false}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? 'activation-error' : undefined}
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          <BadgeCheck aria-hidden="true" className="h-5 w-5" />
          {busy ? 'Activating...' : 'Activate'}
        </button>
      </div>
      {error && (
        <p id="activation-error" className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="text-sm text-emerald-800" role="status">
          {done}
        </p>
      )}
    </form>
  );
}
