import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints, isAuthReply, userDataReply, userEndpoints, type UserData } from '@smi/contracts';
import { ApiError, call } from '../../../lib/api-client';
import { authKey, type AuthState } from './auth-key';

export type { AuthState } from './auth-key';

/**
 * Is there a session, and is its account verified? 401 means simply "not signed in";
 * any other failure (server down, network) is thrown so the guard can say so.
 * `onVerified` runs as soon as the session is known to be verified, before the user's data is read (the app's start
 * asks for the opened screen's data then).
 */
export async function fetchAuthState(onVerified?: () => void): Promise<AuthState> {
  try {
    const auth = await call(authEndpoints.isAuth, { reply: isAuthReply, quiet: true });
    if (!auth.success) return { status: 'anonymous' };
    if (auth.verified) onVerified?.();
    const { userData } = await call(userEndpoints.userData, { reply: userDataReply, quiet: true });
    return auth.verified ? { status: 'verified', user: userData } : { status: 'unverified', user: userData };
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return { status: 'anonymous' };
    throw err;
  }
}

export const authQuery = queryOptions({
  queryKey: authKey,
  queryFn: () => fetchAuthState(),
  staleTime: 5 * 60_000,
  retry: false,
});

export const useAuthState = () => useQuery(authQuery);

/** The signed-in, verified user; only call inside the guarded shell. */
export function useUser(): UserData {
  const { data } = useAuthState();
  if (data?.status !== 'verified') throw new Error('useUser outside the guarded routes');
  return data.user;
}
