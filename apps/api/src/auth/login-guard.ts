import type { Limiters } from '../http/rate-limit.js';
import { perAccount } from '../http/rate-limit.js';

// an address the account proved itself from stays known this long (the in-memory store cannot time more than 24 days)
const KNOWN_FOR_S = 14 * 24 * 3600;

/** The lockout's answer tells the owner the way out that does not wait: a code mailed to the account. */
export const LOCKED_OUT = (wait: string) =>
  `Too many failed logins to this account. Try again in ${wait}, or unlock it with a code sent to its e-mail.`;

/**
 * Password guessing against one account, limited per (account, address) and per account; the account's budget
 * counts only addresses the account never proved itself from, so a stranger's guesses stop the stranger and other
 * unknown addresses, never the owner at an address it signed up, verified, reset, unlocked or logged in from.
 */
export function loginGuard(limiters: Limiters) {
  const pairOf = (email: string, address: string) => `${email.toLowerCase()}|${address}`;

  return {
    /** Counts one try before the password is checked (429 once a budget is spent); says whether the address is known. */
    async admit(email: string, address: string): Promise<{ known: boolean }> {
      const pair = pairOf(email, address);
      const known = (await limiters.loginKnownAddress.get(pair)) !== null;
      await perAccount(limiters.loginPerAccountAddress, pair, LOCKED_OUT);
      if (!known) await perAccount(limiters.loginPerAccount, email, LOCKED_OUT);
      return { known };
    },

    /** The right password: this address's failures are forgotten and it becomes known. */
    async succeeded(email: string, address: string, known: boolean) {
      const pair = pairOf(email, address);
      await limiters.loginPerAccountAddress.delete(pair);
      // the account's budget counts failures: this success gives back its own point, and no more (a sign-in by
      // the owner does not hand a guesser ten more tries)
      if (!known) await limiters.loginPerAccount.reward(email.toLowerCase(), 1);
      await limiters.loginKnownAddress.set(pair, 1, KNOWN_FOR_S);
    },

    /**
     * The account's owner proved itself from this address another way (signed up, verified its e-mail, reset its
     * password or entered an unlock code): the address is known, and its own failures are forgotten.
     */
    async proven(email: string, address: string) {
      const pair = pairOf(email, address);
      await limiters.loginPerAccountAddress.delete(pair);
      await limiters.loginKnownAddress.set(pair, 1, KNOWN_FOR_S);
    },
  };
}
export type LoginGuard = ReturnType<typeof loginGuard>;
