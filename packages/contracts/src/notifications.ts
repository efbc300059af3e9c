import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';
import { LIMITS } from './limits.js';
import { isoDate } from './survey-fields.js';

/** How many notifications to list: a whole number 1..100 in the path. */
export const notificationCount = z
  .string()
  .regex(/^\d{1,3}$/, { message: `must be a whole number from 1 to ${LIMITS.notificationsMax}` })
  .transform(Number)
  .refine((n) => n >= 1 && n <= LIMITS.notificationsMax, { message: `must be a whole number from 1 to ${LIMITS.notificationsMax}` });

export const markReadBody = z.strictObject({ id });

export const notificationView = z.object({
  _id: z.string(),
  type: z.string(),
  text: z.string(),
  /** The same text, for readers that look for a message. */
  message: z.string(),
  read: z.boolean(),
  deviceId: z.string().nullable(),
  createdAt: isoDate,
});
export type NotificationView = z.infer<typeof notificationView>;
export const notificationsReply = z.object({ success: z.literal(true), notifications: z.array(notificationView) });

const byUser = z.strictObject({ userId: id });

export const notificationEndpoints = {
  listNotifications: endpoint({
    method: 'GET',
    path: '/api/notifications/user/:userId/:count',
    access: 'verified', permission: 'account',
    params: byUser.extend({ count: notificationCount }),
  }),
  /** The same list with the default count (count defaults to 10). */
  listRecentNotifications: endpoint({ method: 'GET', path: '/api/notifications/user/:userId', access: 'verified', permission: 'account', params: byUser }),
  markNotificationRead: endpoint({ method: 'PUT', path: '/api/notifications/mark-read', access: 'verified', permission: 'account', body: markReadBody }),
};
