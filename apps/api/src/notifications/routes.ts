import { Router } from 'express';
import { LIMITS, notificationEndpoints as e } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';
import { notificationsRepository } from './repository.js';

export function notificationRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions } = deps;
  const load = sessions.userOf.bind(sessions);

  mount(router, e.listNotifications, load, async ({ user, params }) => ({
    success: true,
    notifications: await notificationsRepository.latest(db, user.id, params.count),
  }));
  mount(router, e.listRecentNotifications, load, async ({ user }) => ({
    success: true,
    notifications: await notificationsRepository.latest(db, user.id, LIMITS.notificationsDefault),
  }));
  mount(router, e.markNotificationRead, load, async ({ user, body }) => {
    if (!(await notificationsRepository.markRead(db, user.id, body.id))) throw new AppError(404, 'Notification not found');
    return { success: true, message: 'Notification marked as read' };
  });
  return router;
}
