import { Router } from 'express';
import { ntripEndpoints as e, type NtripSourceView } from '@smi/contracts';
import { loadGatewayEnv } from '@smi/gateway';
import { allowedNtripAddress, fetchSourcetable } from '@smi/ntrip';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { perAccount, perIp } from '../http/rate-limit.js';
import { mount } from '../http/route.js';
import { settingsOf } from '../user/settings.js';

const TOO_MANY_SOURCETABLES = (wait: string) => `Too many sourcetables read. Try again in ${wait}.`;

interface Row {
  host: string;
  port: number;
  mountpoint: string;
  username: string;
  has_password: boolean;
  version: number;
  send_gga: boolean;
  enabled: boolean;
  state: string;
  last_error: string | null;
  last_data_at: Date | string | null;
  ntrip_mount: string;
}

function view(r: Row): NtripSourceView {
  const at = r.last_data_at ? new Date(r.last_data_at) : null;
  return {
    host: r.host,
    port: r.port,
    mountpoint: r.mountpoint,
    username: r.username,
    hasPassword: r.has_password,
    version: r.version,
    sendGga: r.send_gga,
    enabled: r.enabled,
    state: r.state,
    lastError: r.last_error,
    lastDataAt: at ? at.toISOString() : null,
    correctionAgeS: at ? Math.max(0, Math.round((Date.now() - at.getTime()) / 100) / 10) : null,
    casterMountpoint: r.ntrip_mount,
  };
}

/**
 * A project's corrections from an external NTRIP caster: read (never the password), set, remove; and an external
 * caster's sourcetable to pick the mountpoint from. A change reaches the gateway through settingsChanged.
 */
export function ntripRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions, events } = deps;
  const load = sessions.userOf.bind(sessions);
  const owned = async (userId: string, projectId: string) => {
    const [p] = await db.query<{ id: string }>('SELECT id FROM projects WHERE id = $1 AND owner_id = $2', [projectId, userId]);
    if (!p) throw new AppError(404, 'Project not found');
  };
  const read = async (projectId: string) => {
    const [r] = await db.query<Row>(
      `SELECT s.host, s.port, s.mountpoint, s.username, s.password <> '' AS has_password, s.version, s.send_gga, s.enabled, s.state,
              s.last_error, s.last_data_at, p.ntrip_mount
         FROM project_ntrip_sources s JOIN projects p ON p.id = s.project_id WHERE s.project_id = $1`,
      [projectId],
    );
    return r ? view(r) : null;
  };

  mount(router, e.getNtripSource, load, async ({ user, params }) => {
    await owned(user.workspace.id, params.id);
    return { success: true, source: await read(params.id) };
  });

  mount(router, e.putNtripSource, load, async ({ user, params, body }) => {
    await owned(user.workspace.id, params.id);
    await db.query(
      `INSERT INTO project_ntrip_sources (project_id, host, port, mountpoint, username, password, version, send_gga, enabled)
       VALUES ($1, $2, $3, $4, $5, coalesce($6, ''), $7, $8, $9)
       ON CONFLICT (project_id) DO UPDATE SET host = $2, port = $3, mountpoint = $4, username = $5,
         password = coalesce($6, project_ntrip_sources.password), version = $7, send_gga = $8, enabled = $9,
         state = 'connecting', last_error = NULL, updated_at = now()`,
      [params.id, body.host, body.port, body.mountpoint, body.username, body.password ?? null, body.version, body.sendGga, body.enabled],
    );
    events.emit('settingsChanged', user.id, await settingsOf(db, user.id));
    return { success: true, message: 'NTRIP source saved', source: await read(params.id) };
  });

  mount(router, e.deleteNtripSource, load, async ({ user, params }) => {
    await owned(user.workspace.id, params.id);
    await db.query('DELETE FROM project_ntrip_sources WHERE project_id = $1', [params.id]);
    events.emit('settingsChanged', user.id, await settingsOf(db, user.id));
    return { success: true, message: 'NTRIP source removed' };
  });

  mount(
    router,
    e.ntripSourcetable,
    load,
    async ({ user, body }) => {
      await perAccount(deps.limiters.sourcetablePerAccount, user.id, TOO_MANY_SOURCETABLES);
      try {
        const entries = await fetchSourcetable({ ...body, resolve: (h) => allowedNtripAddress(h, loadGatewayEnv().CUSTOM_BROKER_ALLOW), timeoutMs: 10_000 });
        return { success: true, mountpoints: entries };
      } catch (err) {
        // the messages name the host and what kind of answer came, never what another server said (decision 047)
        throw new AppError(400, `Sourcetable not read: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
    perIp(deps.limiters.sourcetablePerIp, TOO_MANY_SOURCETABLES),
  );
  return router;
}
