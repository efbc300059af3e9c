import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../../../lib/paths';
import { logout } from '../api/account-calls';
import { authQuery, type AuthState } from '../api/auth-state';
import { endLiveSession } from '../../../lib/live-session';

/** Logout: the session ends on the server, local user data is dropped, 'Logged out successfully', then home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout();
    } catch {
      toast.error('Logout failed');
      return;
    }
    endLiveSession();
    // the guard sees this state and leaves for the landing page (not /login, as for a session that simply ended)
    const state: AuthState = { status: 'anonymous', loggedOut: true };
    queryClient.setQueryData(authQuery.queryKey, state);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    toast.success('Logged out successfully');
    navigate(paths.landing);
  };
}
