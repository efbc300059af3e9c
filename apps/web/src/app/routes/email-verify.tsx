import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ApiError } from '../../lib/api-client';
import { logout, sendVerifyOtp, verifyEmail } from '../../features/auth/api/account-calls';
import { authQuery, useAuthState } from '../../features/auth/api/auth-state';
import { AuthCard } from '../../features/auth/components/auth-card';
import { completeCode, emptyCode, OtpInput } from '../../features/auth/components/otp-input';
import { ResendButton } from '../../features/auth/components/resend-button';
import { Splash } from '../layout/splash';
import { paths } from '../../lib/paths';

/** Six-digit e-mail code for a signed-in account that is not verified yet. */
export function EmailVerifyPage() {
  const auth = useAuthState();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [code, setCode] = useState(emptyCode);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const state = location.state as { codeSent?: boolean; from?: unknown } | null;
  const codeSent = state?.codeSent === true;
  // the guarded page the user first asked for (a bookmark), where they land once verified; only an in-app path
  const from = typeof state?.from === 'string' && state.from.startsWith('/') && !state.from.startsWith('//') ? state.from : null;

  if (auth.isPending) return <Splash />;
  if (auth.data?.status === 'verified') return <Navigate to={from ?? paths.dashboard} replace />;
  if (auth.data?.status !== 'unverified') return <Navigate to={paths.login} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const otp = completeCode(code);
    if (!otp) return setError('Enter all six digits');
    setError('');
    setBusy(true);
    try {
      const reply = await verifyEmail(otp);
      toast.success(reply.message ?? 'Email verified successfully');
      await queryClient.invalidateQueries({ queryKey: authQuery.queryKey });
      navigate(from ?? paths.dashboard, { replace: true });
    } catch {
      setCode(emptyCode());
    } finally {
      setBusy(false);
    }
  };

  // a typo in the e-mail at sign-up leaves the user here with a code that never comes: let them start again
  const switchAccount = async () => {
    // the sign-up starts again either way; a session the server still holds ends with its expiry
    await logout().catch(() => undefined);
    queryClient.setQueryData(authQuery.queryKey, { status: 'anonymous' });
    navigate(paths.login, { replace: true });
  };

  const resend = async () => {
    try {
      const reply = await sendVerifyOtp();
      toast.success(reply.message ?? 'Verification code sent');
      return true;
    } catch (err) {
      toast.error(err instanceof ApiError && err.status !== 0 ? err.message : 'Failed to resend OTP');
      return false;
    }
  };

  return (
    <AuthCard
      footer={
        <button type="button" onClick={switchAccount} className="inline-flex min-h-11 items-center underline-offset-4 hover:underline">
          Use another account
        </button>
      }
      title="Verify your email"
      intro={
        <>
          Enter the six-digit code sent to <strong className="text-slate-700">{auth.data.user.email}</strong>.
        </>
      }
    >
      <form onSubmit={submit} className="space-y-5" noValidate>
        <OtpInput value={code} onChange={setCode} label="Verification code" disabled={busy} />
        {error && (
          <p role="alert" className="error-box">
            {error}
          </p>
        )}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Verifying...' : 'Verify'}
        </button>
      </form>
      <div className="mt-4 flex items-center justify-center gap-1 text-sm text-slate-500">
        <span>Didn&apos;t get the code?</span>
        <ResendButton onResend={resend} coolingDown={codeSent} />
      </div>
    </AuthCard>
  );
}
