import { Router } from 'express';
import { authEndpoints as e, userEndpoints as u } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/route.js';
import { perIp } from '../http/rate-limit.js';
import { authService } from './service.js';
import { loginUnlock } from './unlock.js';

export function authRoutes(deps: AppDeps): Router {
  const router = Router();
  const service = authService(deps);
  const unlock = loginUnlock(deps);
  const { sessions, limiters } = deps;
  const load = sessions.userOf.bind(sessions);

  mount(router, e.isAuth, load, ({ user, res }) => {
    if (!user) {
      res.status(401);
      return { success: false, message: 'Not authorized. Log in again.' };
    }
    return { success: true, verified: user.isVerified };
  });

  mount(
    router,
    e.register,
    load,
    async ({ body, req, res }) => {
      const { user, reply } = await service.register(body, req.ip);
      sessions.issue(res, user);
      res.status(201);
      return reply;
    },
    perIp(limiters.registerPerIp),
  );

  mount(
    router,
    e.login,
    load,
    async ({ body, req, res }) => {
      const { user, reply } = await service.login(body, req.ip);
      sessions.issue(res, user);
      if (!reply.success) res.status(403);
      return reply;
    },
    perIp(limiters.loginPerIp),
  );

  mount(router, e.sendVerifyOtp, load, ({ user }) => service.sendVerifyOtp(user), perIp(limiters.codeSendPerIp));
  mount(router, e.verifyEmail, load, ({ user, body, req }) => service.verifyEmail(user, body.otp, req.ip), perIp(limiters.codeCheckPerIp));
  mount(router, e.sendResetOtp, load, ({ body }) => service.sendResetOtp(body.email), perIp(limiters.codeSendPerIp));
  mount(
    router,
    e.resetPassword,
    load,
    ({ body, req }) => service.resetPassword(body.email, body.otp, body.newPassword, req.ip),
    perIp(limiters.codeCheckPerIp),
  );
  mount(router, e.sendUnlockOtp, load, ({ body, req }) => unlock.sendCode(body.email, req.ip ?? 'unknown'), perIp(limiters.codeSendPerIp));
  mount(router, e.unlockLogin, load, ({ body, req }) => unlock.unlock(body.email, body.otp, req.ip ?? 'unknown'), perIp(limiters.codeCheckPerIp));

  mount(router, e.logout, load, async ({ user, res }) => {
    await service.logout(user);
    sessions.clear(res);
    return { success: true, message: 'Logged out' };
  });

  mount(router, u.userData, load, ({ user }) => ({
    success: true,
    userData: { userId: user.id, name: user.name, email: user.email, isAccountVerified: user.isVerified },
  }));

  mount(router, u.changePassword, load, async ({ user, body, res }) => {
    const { tokenVersion } = await service.changePassword(user, body);
    // this browser stays signed in with a fresh cookie; every other session has ended
    sessions.issue(res, { id: user.id, tokenVersion });
    return { success: true, message: 'Password has changed' };
  });

  return router;
}
