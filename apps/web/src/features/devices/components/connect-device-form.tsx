import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/**
 * 'Enter Device ID' + Connect: idle -> busy ('Connecting...') -> success message or an inline failure.
 * `connect` resolves with the success text or throws with the failure text.
 */
export function ConnectDeviceForm({ connect }: { connect: (code: string) => Promise<string> }) {
  const [code, setCode] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (state.kind === 'busy') return;
    if (!code.trim()) return setState({ kind: 'failed', message: 'Please enter a device ID' });
    setState({ kind: 'busy' });
    try {
      const message = await connect(code);
      setState({ kind: 'done', message });
      setCode('');
    } catch (err) {
      setState({ kind: 'failed', message: errorMessage(err, 'Failed to connect device') });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <label htmlFor="connect-code" className="sr-only">
        Device ID
      </label>
      <div className="flex gap-2">
        <input
          id="connect-code"
          className="input font-mono"
          placeholder="Enter Device ID"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={state.kind === 'failed'}
          aria-describedby="connect-result"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
        />
        <button type="submit" className="btn-primary shrink-0" disabled={state.kind === 'busy'}>
          {state.kind === 'busy' ? 'Connecting...' : 'Connect'}
        </button>
      </div>
      <p id="connect-result" aria-live="polite" className={`min-h-5 text-sm ${state.kind === 'failed' ? 'text-red-700' : 'text-emerald-700'}`}>
        {state.kind === 'failed' || state.kind === 'done' ? state.message : ''}
      </p>
    </form>
  );
}
