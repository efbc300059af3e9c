import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ApiError, errorMessage } from '../../lib/api-client';
import { login, register, sendVerifyOtp, VERIFY_FIRST } from '../../features/auth/api/account-calls';
import { authQuery } from '../../features/auth/api/auth-state';
import { AuthCard } from '../../features/auth/components/auth-card';
import { UnlockPanel } from '../../features/auth/components/unlock-panel';
import { paths } from '../../lib/paths';

type Mode = 'login' | 'signup';

/** Log In and Sign Up on one screen. No checks beyond the input types: the server answers. */
export function LoginPage() {
  const [mode, setMode] = useState<Mode>('login');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // the server held logins back (too many wrong passwords): a mailed code is offered
  const [locked, setLocked] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const from = (location.state as { from?: string } | null)?.from;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      if (mode === 'signup') await signUp();
      else await logIn();
    } finally {
      setBusy(false);
    }
  };

  const logIn = async () => {
    try {
      await login({ email, password });
      await queryClient.invalidateQueries({ queryKey: authQuery.queryKey });
      navigate(from ?? paths.dashboard, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.message === VERIFY_FIRST) {
        toast.info(VERIFY_FIRST);
        await refreshAuth();
        navigate(paths.emailVerify, { state: { from } });
      } else {
        if (err instanceof ApiError && err.status === 429) setLocked(true);
        toast.error(errorMessage(err, 'Login failed'));
      }
    }
  };

  const signUp = async () => {
    try {
      await register({ name, email, password });
    } catch {
      return; // the client has shown the server's message
    }
    let codeSent = true;
    try {
      const reply = await sendVerifyOtp();
      toast.success(reply.message ?? 'Verification code sent');
    } catch (err) {
      codeSent = false;
      toast.error(err instanceof ApiError ? err.message : 'Failed to send verification OTP.');
    }
    await refreshAuth();
    navigate(paths.emailVerify, { state: { codeSent, from } });
  };

  /**
   * Reads the session again before moving on. Invalidating is not enough: nothing on this page observes the auth
   * query, so it would only be marked stale, and /email-verify would read the cached signed-out state of the guarded
   * page that sent the user here and bounce back to /login.
   */
  // a failed refresh leaves the cached state, and the guard of the next screen asks again
  const refreshAuth = () => queryClient.fetchQuery({ ...authQuery, staleTime: 0 }).catch(() => undefined);

  const isLogin = mode === 'login';
  return (
    <AuthCard
      title={isLogin ? 'Log In' : 'Sign Up'}
      intro={isLogin ? 'Welcome back. Sign in to your survey workspace.' : 'Create your account to start surveying.'}
      footer={<Link to={paths.landing} className="inline-flex min-h-11 items-center underline-offset-4 hover:underline">Back to home</Link>}
    >
      <div role="tablist" aria-label="Log in or sign up" className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1">
        {(['login', 'signup'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            onClick={() => setMode(m)}
            className={`min-h-11 rounded-md text-sm font-semibold transition ${mode === m ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {m === 'login' ? 'Log In' : 'Sign Up'}
          </button>
        ))}
      </div>
      <form onSubmit={submit} className="space-y-4">
        {!isLogin && (
          <div>
            <label htmlFor="name" className="label">Name</label>
            <input id="name" className="input" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" required />
          </div>
        )}
        <div>
          <label htmlFor="email" className="label">Email</label>
          <input id="email" type="email" className="input" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required />
        </div>
        <div>
          <div className="flex items-baseline justify-between">
            <label htmlFor="password" className="label">Password</label>
            {isLogin && (
              <Link to={paths.resetPassword} className="text-sm font-medium text-brand-700 hover:underline">
                Forgot password?
              </Link>
            )}
          </div>
          <input
            id="password"
            type="password"
            className="input"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete={isLogin ? 'current-password' : 'new-password'}
            required
          />
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Please wait...' : isLogin ? 'Log In' : 'Create account'}
        </button>
      </form>
      {isLogin && locked && <UnlockPanel email={email} onUnlocked={() => setLocked(false)} />}
    </AuthCard>
  );
}
