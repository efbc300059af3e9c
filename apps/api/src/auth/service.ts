import bcrypt from 'bcrypt';
import type { ChangePasswordBody, LoginBody, RegisterBody } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { perAccount } from '../http/rate-limit.js';
import { mails } from '../mail/mailer.js';
import { loginGuard } from './login-guard.js';
import { OTP_MESSAGES } from './otp.js';
import type { SessionUser } from './session.js';
import { usersRepository as users } from './users-repository.js';

const BCRYPT_ROUNDS = 12;
// compared against when the e-mail is unknown, so a login takes as long whether or not the account exists
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', BCRYPT_ROUNDS);

export type Outcome = { user: { id: string; tokenVersion: number }; reply: { success: boolean; message: string } };
/** A registration: a new account, or a pending registration of a taken e-mail that answers alike (decision 019). */
export type Registration = { user: { id: string; tokenVersion: number }; reply: { success: true; message: string } };

/** The stories of the account endpoints; routes.ts turns them into HTTP. */
export function authService(deps: AppDeps) {
  const { db, otps, mailer, limiters, log } = deps;
  const guard = loginGuard(limiters);

  /**
   * The code and its mail are made after the answer, for a pending registration too (which gets neither): waiting
   * for the mail server, or writing a code only for real accounts, would tell the two apart by time (decision 019).
   */
  async function sendVerifyCode(user: { id: string; name: string; email: string; pending?: true }) {
    await perAccount(limiters.codeSendPerAccount, `verify:${user.id}`);
    deps.afterReply(async () => {
      if (user.pending) return;
      try {
        const code = await otps.issue(db, user.id, 'verify');
        await mailer.send(mails.verify(user.email, user.name, code));
      } catch (err) {
        log.warn({ err, userId: user.id }, 'verification mail not sent');
      }
    });
  }

  return {
    /**
     * A taken e-mail answers exactly as a new one, with a session of a pending registration that can never be
     * verified; the owner of the address is mailed instead (decision 019). Both paths run the same hash and the
     * same statement before the answer; the owner's mail goes after it.
     */
    async register(body: RegisterBody, address = 'unknown'): Promise<Registration> {
      const passwordHash = await bcrypt.hash(body.password, BCRYPT_ROUNDS);
      const { user, pendingId } = await users.register(db, { name: body.name, email: body.email, passwordHash });
      const reply = { success: true as const, message: 'Account created' };
      if (user) {
        // the address the account was made from is its owner's; after the reply, as the other path's mail
        deps.afterReply(() => guard.proven(user.email, address).catch((err: unknown) => log.warn({ err }, 'sign-up address not kept')));
        return { user: { id: user.id, tokenVersion: user.token_version }, reply };
      }
      deps.afterReply(async () => {
        try {
          const owner = await users.byEmail(db, body.email);
          if (owner) await mailer.send(mails.registrationAttempt(owner.email, owner.name));
          await users.dropOldPending(db);
        } catch (err) {
          log.warn({ err }, 'registration attempt mail not sent');
        }
      });
      // a new account's first token carries token_version 0: so does this one
      return { user: { id: pendingId!, tokenVersion: 0 }, reply };
    },

    /**
     * Wrong e-mail and wrong password answer alike. An unverified account gets its session so it can verify.
     * Guessing is limited by the login guard: a stranger's guesses cannot lock the owner out of an address it
     * proved itself from.
     */
    async login(body: LoginBody, address = 'unknown'): Promise<Outcome> {
      const { known } = await guard.admit(body.email, address);
      const user = await users.byEmail(db, body.email);
      const ok = await bcrypt.compare(body.password, user?.password_hash ?? DUMMY_HASH);
      if (!user || !ok) throw new AppError(401, 'Invalid email or password');
      await guard.succeeded(body.email, address, known);
      const session = { id: user.id, tokenVersion: user.token_version };
      if (!user.is_verified) return { user: session, reply: { success: false, message: 'Please verify your account first.' } };
      return { user: session, reply: { success: true, message: 'Logged in' } };
    },

    async sendVerifyOtp(user: SessionUser) {
      if (user.isVerified) throw new AppError(400, 'Account already verified');
      await sendVerifyCode(user);
      return { success: true, message: 'Verification code sent to your e-mail' };
    },

    async verifyEmail(user: SessionUser, code: string, address = 'unknown') {
      if (user.isVerified) return { success: true, message: 'Account already verified' };
      await perAccount(limiters.codeCheckPerAccount, `verify:${user.id}`);
      // a pending registration has no code stored: the same check answers it 'invalid', as it does a wrong code
      const result = await otps.check(db, user.id, 'verify', code);
      if (result !== 'ok' || user.pending) throw new AppError(400, OTP_MESSAGES[result === 'ok' ? 'invalid' : result]);
      await users.markVerified(db, user.id);
      await guard.proven(user.email, address);
      return { success: true, message: 'Email verified successfully' };
    },

    /**
     * Answers the same whether or not the e-mail has an account, and as fast: the code and its mail are made
     * after the answer (waiting for the mail server told a known address by its time).
     */
    async sendResetOtp(email: string) {
      await perAccount(limiters.codeSendPerAccount, `reset:${email}`);
      const user = await users.byEmail(db, email);
      if (user) {
        void otps
          .issue(db, user.id, 'reset')
          .then((code) => mailer.send(mails.reset(user.email, code)))
          .catch((err: unknown) => log.warn({ err, userId: user.id }, 'password reset mail not sent'));
      } else {
        log.info({ email }, 'password reset asked for an unknown e-mail');
      }
      return { success: true, message: 'If an account uses this e-mail, a reset code has been sent to it.' };
    },

    async resetPassword(email: string, code: string, newPassword: string, address = 'unknown') {
      await perAccount(limiters.codeCheckPerAccount, `reset:${email}`);
      const user = await users.byEmail(db, email);
      const result = user ? await otps.check(db, user.id, 'reset', code) : 'invalid';
      if (!user || result !== 'ok') throw new AppError(400, OTP_MESSAGES[result === 'ok' ? 'invalid' : result]);
      // the code came by mail, so the address is proven: reset also verifies it
      await users.setPassword(db, user.id, await bcrypt.hash(newPassword, BCRYPT_ROUNDS), true);
      // the mailbox answered from here: the owner's address
      await guard.proven(user.email, address);
      deps.events.emit('sessionsEnded', user.id);
      return { success: true, message: 'Password has been reset successfully' };
    },

    async changePassword(user: SessionUser, body: ChangePasswordBody) {
      await perAccount(limiters.passwordPerAccount, `password:${user.id}`);
      const row = await users.byId(db, user.id);
      if (!row || !(await bcrypt.compare(body.currentPassword, row.password_hash))) {
        throw new AppError(400, 'Current password is incorrect');
      }
      const tokenVersion = await users.setPassword(db, user.id, await bcrypt.hash(body.newPassword, BCRYPT_ROUNDS));
      deps.events.emit('sessionsEnded', user.id);
      return { tokenVersion };
    },

    async logout(user: SessionUser | null) {
      if (user) {
        await users.endSessions(db, user.id);
        deps.events.emit('sessionsEnded', user.id);
      }
    },

    sendVerifyCode,
  };
}
