import type { UserData } from '@smi/contracts';

/** The session check's cache key and answer, apart from the check itself so the landing page can read them cheaply. */
export const authKey = ['auth'] as const;

export type AuthState =
  /** `loggedOut`: the user just logged out here, so the guard goes home instead of to /login. */
  | { status: 'anonymous'; loggedOut?: boolean }
  | { status: 'unverified'; user: UserData }
  | { status: 'verified'; user: UserData };
