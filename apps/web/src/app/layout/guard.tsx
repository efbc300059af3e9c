import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAuthState } from '../../features/auth/api/auth-state';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { Splash } from './splash';

/** Lets a verified user through; the others go to /login or /email-verify. A failed check is said, then /login. */
export function Guard({ children }: { children: React.ReactNode }) {
  const auth = useAuthState();
  const location = useLocation();

  useEffect(() => {
    if (auth.isError) toast.error(errorMessage(auth.error, 'Could not check your session'), { toastId: 'auth-check' });
  }, [auth.isError, auth.error]);

  if (auth.isPending) return <Splash />;
  if (auth.data?.status === 'anonymous' && auth.data.loggedOut) return <Navigate to={paths.landing} replace />;
  if (auth.isError || auth.data.status === 'anonymous') {
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  }
  if (auth.data.status === 'unverified') return <Navigate to={paths.emailVerify} replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}
