import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiError, errorMessage } from '../../lib/api-client';
import { resetPassword, sendResetOtp } from '../../features/auth/api/account-calls';
import { AuthCard } from '../../features/auth/components/auth-card';
import { completeCode, emptyCode, OtpInput } from '../../features/auth/components/otp-input';
import { ResendButton } from '../../features/auth/components/resend-button';
import { StepDots } from '../../features/auth/components/step-dots';
import { paths } from '../../lib/paths';

type Step = 1 | 2 | 3;

/** Reset in three steps: e-mail, the mailed code, the new password; then back to /login. */
export function ResetPasswordPage() {
  const [step, setStep] = useState<Step>(1);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState(emptyCode);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  const go = (next: Step) => {
    setError('');
    setStep(next);
  };

  const sendCode = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setError('Please enter your email.');
    setBusy(true);
    try {
      const reply = await sendResetOtp(email.trim());
      toast.success(reply.message ?? 'Reset code sent');
      go(2);
    } catch {
      // the server's message is already on screen as a toast
    } finally {
      setBusy(false);
    }
  };

  const checkCode = (e: FormEvent) => {
    e.preventDefault();
    if (!completeCode(code)) return setError('Enter all six digits');
    go(3);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!password || !confirm) return setError('Please fill in both fields.');
    if (password !== confirm) return setError('Passwords do not match.');
    setBusy(true);
    try {
      const reply = await resetPassword({ email: email.trim(), otp: completeCode(code) ?? '', newPassword: password });
      toast.success(reply.message ?? 'Password has been reset successfully');
      navigate(paths.login, { replace: true });
    } catch (err) {
      toast.error(errorMessage(err, 'Password reset failed'));
      // the code is only checked now: a wrong or expired one sends the user back to enter it again
      if (err instanceof ApiError && /code/i.test(err.message)) {
        setCode(emptyCode());
        go(2);
      }
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    try {
      await sendResetOtp(email.trim());
      toast.success('A new code has been sent');
      return true;
    } catch {
      return false;
    }
  };

  const alert = error && (
    <p role="alert" className="error-box">
      {error}
    </p>
  );

  return (
    <AuthCard
      title="Reset password"
      intro={['Enter the e-mail address of your account.', `Enter the six-digit code sent to ${email.trim()}.`, 'Choose a new password.'][step - 1]}
      footer={<Link to={paths.login} className="inline-flex min-h-11 items-center underline-offset-4 hover:underline">Back to log in</Link>}
    >
      <StepDots step={step} total={3} />
      {step === 1 && (
        <form onSubmit={sendCode} className="space-y-4" noValidate>
          <div>
            <label htmlFor="reset-email" className="label">Email</label>
            <input id="reset-email" type="email" className="input" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
          </div>
          {alert}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? 'Sending...' : 'Send code'}
          </button>
        </form>
      )}
      {step === 2 && (
        <form onSubmit={checkCode} className="space-y-5" noValidate>
          <OtpInput value={code} onChange={setCode} label="Reset code" />
          {alert}
          <div className="flex gap-2">
            <button type="button" className="btn-secondary" onClick={() => go(1)}>Back</button>
            <button type="submit" className="btn-primary flex-1">Continue</button>
          </div>
          <div className="flex items-center justify-center gap-1 text-sm text-slate-500">
            <span>Didn&apos;t get the code?</span>
            <ResendButton onResend={resend} coolingDown />
          </div>
        </form>
      )}
      {step === 3 && (
        <form onSubmit={save} className="space-y-4" noValidate>
          <div>
            <label htmlFor="new-password" className="label">New password</label>
            <input id="new-password" type="password" className="input" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
          </div>
          <div>
            <label htmlFor="confirm-password" className="label">Confirm new password</label>
            <input id="confirm-password" type="password" className="input" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" />
          </div>
          {alert}
          <div className="flex gap-2">
            <button type="button" className="btn-secondary" onClick={() => go(2)}>Back</button>
            <button type="submit" className="btn-primary flex-1" disabled={busy}>
              {busy ? 'Saving...' : 'Reset password'}
            </button>
          </div>
        </form>
      )}
    </AuthCard>
  );
}
