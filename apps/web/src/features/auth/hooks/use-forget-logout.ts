import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { authKey, type AuthState } from '../api/auth-key';

/**
 * The `loggedOut` mark only steers the one trip home after Log out (the guard would otherwise send the user to
 * /login). Once home is reached it is dropped, so a protected page opened later (Back, a bookmark, a link) asks the
 * visitor to log in, as for anyone who is not signed in.
 */
export function useForgetLogout() {
  const client = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname !== paths.landing) return;
    const auth = client.getQueryData<AuthState>(authKey);
    if (auth?.status === 'anonymous' && auth.loggedOut) client.setQueryData<AuthState>(authKey, { status: 'anonymous' });
  }, [client, pathname]);
}
