import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';
import { createNotification } from './repository.js';

describe('notifications: newest first, counted, marked read, private to their user', () => {
  let h: Harness;
  let a: Awaited<ReturnType<Harness['verifiedUser']>>;
  let b: Awaited<ReturnType<Harness['verifiedUser']>>;
  beforeAll(async () => {
    h = await startHarness();
    a = await h.verifiedUser('Ann');
    b = await h.verifiedUser('Ben');
    // created one by one with distinct times, oldest first
    for (let i = 1; i <= 12; i++) {
      await h.db.query(`INSERT INTO notifications (user_id, type, text, created_at) VALUES ($1, 'device-offline', $2, now() - make_interval(mins => $3))`, [
        a.userId,
        `alert ${i}`,
        100 - i,
      ]);
    }
    await createNotification(h.db, { userId: b.userId, type: 'low-battery', text: 'Ben only' });
  });
  afterAll(() => h.close());

  const texts = (body: { notifications: { text: string }[] }) => body.notifications.map((n) => n.text);

  it('lists the 10 newest by default, or the count asked for, newest first', async () => {
    const byDefault = await a.agent.get(`/api/notifications/user/${a.userId}`).expect(200);
    expect(texts(byDefault.body)).toEqual(['alert 12', 'alert 11', 'alert 10', 'alert 9', 'alert 8', 'alert 7', 'alert 6', 'alert 5', 'alert 4', 'alert 3']);
    const three = await a.agent.get(`/api/notifications/user/${a.userId}/3`).expect(200);
    expect(three.body.success).toBe(true);
    expect(texts(three.body)).toEqual(['alert 12', 'alert 11', 'alert 10']);
    expect(three.body.notifications[0]).toEqual({
      _id: expect.any(String),
      type: 'device-offline',
      text: 'alert 12',
      message: 'alert 12',
      read: false,
      deviceId: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(texts((await a.agent.get(`/api/notifications/user/${a.userId}/100`).expect(200)).body)).toHaveLength(12);
  });

  it('refuses a count outside 1..100 with 400 naming it', async () => {
    for (const count of ['0', '101', 'ten', '-1', '1.5', '1000']) {
      const res = await a.agent.get(`/api/notifications/user/${a.userId}/${count}`);
      expect(res.status, count).toBe(400);
      expect(res.body, count).toEqual({ success: false, message: 'count: must be a whole number from 1 to 100' });
    }
  });

  it('marks the user own notification read, and answers 404 for another user or a missing one', async () => {
    const [first] = (await a.agent.get(`/api/notifications/user/${a.userId}/1`)).body.notifications;
    expect((await a.agent.put('/api/notifications/mark-read').send({ id: first._id }).expect(200)).body).toEqual({
      success: true,
      message: 'Notification marked as read',
    });
    expect((await a.agent.get(`/api/notifications/user/${a.userId}/1`)).body.notifications[0]).toMatchObject({ _id: first._id, read: true });
    // marking twice is harmless
    await a.agent.put('/api/notifications/mark-read').send({ id: first._id }).expect(200);

    const [bens] = (await b.agent.get(`/api/notifications/user/${b.userId}`)).body.notifications;
    const foreign = await a.agent.put('/api/notifications/mark-read').send({ id: bens._id });
    const missing = await a.agent.put('/api/notifications/mark-read').send({ id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await h.db.query<{ read: boolean }>('SELECT read FROM notifications WHERE id = $1', [bens._id]))[0]!.read).toBe(false);
    expect((await a.agent.put('/api/notifications/mark-read').send({}).expect(400)).body.message).toBe('id: must be a valid id');
  });

  it("does not show one user's notifications to another", async () => {
    expect(texts((await b.agent.get(`/api/notifications/user/${b.userId}`)).body)).toEqual(['Ben only']);
    await b.agent.get(`/api/notifications/user/${a.userId}`).expect(404);
  });
});
