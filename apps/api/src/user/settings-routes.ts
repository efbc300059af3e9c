import { Router } from 'express';
import { DEFAULT_SETTINGS, mergeSettings, userEndpoints as u } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/route.js';
import { readSettings, settingsOf } from './settings.js';


export function settingsRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions, events } = deps;
  const load = sessions.userOf.bind(sessions);

  mount(router, u.getSettings, load, async ({ user }) => ({ success: true, Data: await settingsOf(db, user.id) }));

  mount(router, u.putSettings, load, async ({ user, body }) => {
    // read-modify-write under a row lock: two quick changes to different keys both survive
    const next = await db.tx(async (q) => {
      const [row] = await q.query<{ settings: unknown }>('SELECT settings FROM users WHERE id = $1 FOR UPDATE', [user.id]);
      const merged = mergeSettings(readSettings(row?.settings), body);
      await q.query('UPDATE users SET settings = $2 WHERE id = $1', [user.id, JSON.stringify(merged)]);
      return merged;
    });
    events.emit('settingsChanged', user.id, next);
    return { success: true, message: 'Settings saved', Data: next };
  });

  mount(router, u.resetSettings, load, async ({ user }) => {
    await db.query('UPDATE users SET settings = NULL WHERE id = $1', [user.id]);
    events.emit('settingsChanged', user.id, DEFAULT_SETTINGS);
    return { success: true, message: 'Settings restored to defaults', Data: DEFAULT_SETTINGS };
  });

  return router;
}
