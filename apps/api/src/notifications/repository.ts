import type { NotificationView } from '@smi/contracts';
import type { Queryable } from '@smi/db';

interface NotificationRow {
  id: string;
  user_id: string;
  device_id: string | null;
  type: string;
  text: string;
  read: boolean;
  created_at: Date;
}

const COLUMNS = 'id, user_id, device_id, type, text, read, created_at';

export function toNotificationView(r: NotificationRow): NotificationView {
  return {
    _id: r.id,
    type: r.type,
    text: r.text,
    message: r.text,
    read: r.read,
    deviceId: r.device_id,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/**
 * Stores a notification for one user (the gateway raises them for offline devices, low battery and weak signal).
 * `type` is a short machine word such as 'device-offline'; `text` is what the user reads.
 */
export async function createNotification(
  q: Queryable,
  n: { userId: string; deviceId?: string | null; type: string; text: string },
): Promise<NotificationView> {
  const [row] = await q.query<NotificationRow>(
    `INSERT INTO notifications (user_id, device_id, type, text) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [n.userId, n.deviceId ?? null, n.type, n.text],
  );
  return toNotificationView(row!);
}

export const notificationsRepository = {
  /** Newest first (the id breaks ties between equal times so the order is stable). */
  async latest(q: Queryable, userId: string, count: number): Promise<NotificationView[]> {
    const rows = await q.query<NotificationRow>(
      `SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, count],
    );
    return rows.map(toNotificationView);
  },

  /** Marks the user's notification read; false when it is not theirs (or not there). Marking twice is fine. */
  async markRead(q: Queryable, userId: string, id: string): Promise<boolean> {
    const rows = await q.query('UPDATE notifications SET read = true WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
    return rows.length > 0;
  },
};
