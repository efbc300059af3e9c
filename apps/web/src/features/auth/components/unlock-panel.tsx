import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../lib/api-client';
import { sendUnlockOtp, unlockLogin } from '../api/account-calls';
import { completeCode, emptyCode, OtpInput } from './otp-input';
import { ResendButton } from './resend-button';

/**
 * Shown under the login form after the server held logins back: a code mailed to the account lets the owner in from
 * here at once instead of waiting (the server then counts this address as the owner's). `onUnlocked` runs once the
 * code was accepted, so the user can press Log In again.
 */
export function UnlockPanel({ email, onUnlocked }: { email: string; onUnlocked: () => void }) {
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState(emptyCode);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (!email.trim()) {
      setError('Enter the e-mail of your account above first.');
      return false;
    }
    setError('');
    try {
      const reply = await sendUnlockOtp(email.trim());
      toast.success(reply.message ?? 'Unlock code sent');
      setSent(true);
      return true;
    } catch (err) {
      setError(errorMessage(err, 'The unlock code could not be sent'));
      return false;
    }
  };

  const unlock = async (e: FormEvent) => {
    e.preventDefault();
    const otp = completeCode(code);
    if (!otp) return setError('Enter all six digits');
    setBusy(true);
    setError('');
    try {
      const reply = await unlockLogin({ email: email.trim(), otp });
      toast.success(reply.message ?? 'Unlocked');
      onUnlocked();
    } catch (err) {
      setCode(emptyCode());
      setError(errorMessage(err, 'Unlock failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Unlock logins" className="mt-6 space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950">
      <h2 className="font-semibold">Locked out?</h2>
      <p className="text-sm">
        {sent
          ? `Enter the six-digit code sent to ${email.trim()}. It unlocks logins from this device.`
          : 'We can send a code to the e-mail of the account. Entering it here lets you log in at once.'}
      </p>
      {!sent && (
        <button type="button" className="btn-secondary w-full" onClick={() => void send()}>
          Send unlock code
        </button>
      )}
      {sent && (
        <form onSubmit={unlock} className="space-y-3" noValidate>
          <OtpInput value={code} onChange={setCode} label="Unlock code" disabled={busy} />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? 'Unlocking...' : 'Unlock'}
          </button>
          <div className="flex items-center justify-center gap-1 text-sm">
            <span>Didn&apos;t get the code?</span>
            <ResendButton onResend={send} coolingDown />
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="error-box">
          {error}
        </p>
      )}
    </section>
  );
}
