import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../../../lib/paths';
import { logout } from '../api/account-calls';
import { disconnectLiveFeed } from '../../../lib/socket';

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
    disconnectLiveFeed();
    // leave the guarded screens first: marking the user logged out while still inside them would send the guard to /login
    await navigate(paths.landing);
    queryClient.setQueryData(['auth'], { status: 'anonymous' });
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    toast.success('Logged out successfully');
  };
}
