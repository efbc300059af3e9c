import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { perAccount } from '../http/rate-limit.js';
import { mails } from '../mail/mailer.js';
import { loginGuard } from './login-guard.js';
import { OTP_MESSAGES } from './otp.js';
import { usersRepository as users } from './users-repository.js';

/**
 * The way out of a login lockout that does not wait for it to end: a code mailed to the account, entered where the
 * owner wants to log in, makes that address known to the account (as a successful login would). Only the mailbox's
 * holder gets the code, so a guesser gains nothing by asking for one.
 */
export function loginUnlock(deps: AppDeps) {
  const { db, otps, mailer, limiters, log } = deps;
  const guard = loginGuard(limiters);

  return {
    /** Answers the same whether or not the e-mail has an account, and as fast: the mail goes after the answer. */
    async sendCode(email: string, address: string) {
      await perAccount(limiters.codeSendPerAccount, `unlock:${email}`);
      const user = await users.byEmail(db, email);
      if (user) {
        void otps
          .issue(db, user.id, 'unlock')
          .then((code) => mailer.send(mails.unlock(user.email, code, address)))
          .catch((err: unknown) => log.warn({ err, userId: user.id }, 'unlock mail not sent'));
      }
      return { success: true, message: 'If an account uses this e-mail, an unlock code has been sent to it.' };
    },

    async unlock(email: string, code: string, address: string) {
      await perAccount(limiters.codeCheckPerAccount, `unlock:${email}`);
      const user = await users.byEmail(db, email);
      const result = user ? await otps.check(db, user.id, 'unlock', code) : 'invalid';
      if (!user || result !== 'ok') throw new AppError(400, OTP_MESSAGES[result === 'ok' ? 'invalid' : result]);
      await guard.proven(user.email, address);
      return { success: true, message: 'Unlocked. You can log in now.' };
    },
  };
}
