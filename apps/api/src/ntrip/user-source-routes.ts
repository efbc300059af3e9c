import { Router } from 'express';
import { ntripUserEndpoints as e, parseNtripUrl, type UserNtripSourceView } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/route.js';
import { settingsOf } from '../user/settings.js';

interface Row {
  url: string;
  username: string;
  has_password: boolean;
  state: string | null;
  last_error: string | null;
  last_data_at: Date | string | null;
}

/**
 * Settings' "NTRIP Credentials" (URL, User Name, Password) for "RTK Correction Source: NTRIP": the user's external
 * caster, whose corrections go to the user's Active projects that have no source of their own. The password is
 * write-only; the client's state comes back (written by the gateway that runs it).
 */
export function userNtripSourceRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions, events } = deps;
  const load = sessions.userOf.bind(sessions);

  const read = async (userId: string): Promise<UserNtripSourceView> => {
    const [r] = await db.query<Row>(
      `SELECT url, username, password <> '' AS has_password, state, last_error, last_data_at FROM user_ntrip_sources WHERE user_id = $1`,
      [userId],
    );
    const inUse = (await settingsOf(db, userId)).device.rtkCorrectionSource === 'NTRIP';
    const at = r?.last_data_at ? new Date(r.last_data_at) : null;
    return {
      url: r?.url ?? '',
      username: r?.username ?? '',
      hasPassword: r?.has_password ?? false,
      inUse,
      state: r && inUse ? r.state : null,
      lastError: r && inUse ? r.last_error : null,
      correctionAgeS: at && inUse ? Math.max(0, Math.round((Date.now() - at.getTime()) / 100) / 10) : null,
    };
  };

  mount(router, e.getUserNtripSource, load, async ({ user }) => ({ success: true, source: await read(user.id) }));

  mount(router, e.putUserNtripSource, load, async ({ user, body }) => {
    const at = parseNtripUrl(body.url);
    if (!at) await db.query('DELETE FROM user_ntrip_sources WHERE user_id = $1', [user.id]);
    else
      await db.query(
        `INSERT INTO user_ntrip_sources (user_id, url, host, port, mountpoint, version, username, password)
         VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8, ''))
         ON CONFLICT (user_id) DO UPDATE SET url = $2, host = $3, port = $4, mountpoint = $5, version = $6, username = $7,
           password = coalesce($8, user_ntrip_sources.password), updated_at = now(), state = NULL, last_error = NULL, last_data_at = NULL`,
        [user.id, body.url, at.host, at.port, at.mountpoint, at.version, body.username, body.password ?? null],
      );
    // the leading gateway re-reads its sources on this signal
    events.emit('settingsChanged', user.id, await settingsOf(db, user.id));
    return { success: true, message: at ? 'NTRIP credentials saved' : 'NTRIP credentials removed', source: await read(user.id) };
  });

  return router;
}
