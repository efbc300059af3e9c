import { Router } from 'express';
import { actorOf } from '../audit/audit-log.js';
import { autoFixEndpoints as a, baseSetupEndpoints as e, type AutoFixCommand } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';
import { autoFixUseCases } from './auto-fix.js';
import { gridStore } from '../crs/project-geodesy.js';
import { setKnownBase } from './known-base.js';
import { correctSetup, listSetups, undoSetup } from './setups.js';

export function baseSetupRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions } = deps;
  const load = sessions.userOf.bind(sessions);
  /** a change of setup that re-computed the project's points moved its linework too: the owner's maps ask again */
  const announced = <T>(userId: string, reply: T): T => {
    const r = reply as { recomputed?: unknown; setup?: { ProjectId?: string } | null };
    if (r.recomputed && r.setup?.ProjectId) deps.events.emit('lineworkChanged', userId, r.setup.ProjectId);
    return reply;
  };
  mount(router, e.setKnownBase, load, async ({ user, params, body }) => announced(user.workspace.id, await setKnownBase(db, gridStore(deps.config.gridsDir ?? ''), user.workspace.id, actorOf(user), params.id, body)));
  mount(router, e.listBaseSetups, load, ({ user, params }) => listSetups(db, user.workspace.id, params.id));
  mount(router, e.correctBaseSetup, load, async ({ user, params, body }) => announced(user.workspace.id, await correctSetup(db, user.workspace.id, actorOf(user), params.id, body)));
  mount(router, e.undoBaseSetup, load, async ({ user, params }) => announced(user.workspace.id, await undoSetup(db, user.workspace.id, actorOf(user), params.id)));

  // Auto Fix: averaged on the gateway that ingests the base, told by the internal control topic
  const autoFix = autoFixUseCases(db, (c: AutoFixCommand) => {
    if (!deps.live) throw new AppError(503, 'Auto Fix is not available: the gateway is not connected');
    return deps.live.commandAutoFix(c);
  });
  mount(router, a.startAutoFix, load, async ({ user, params, body, res }) => {
    if (!deps.live) throw new AppError(503, 'Auto Fix is not available: the gateway is not connected');
    const out = await autoFix.start(user.workspace.id, params.id, body);
    res.status(201);
    return out;
  });
  mount(router, a.latestAutoFix, load, ({ user, params }) => autoFix.latest(user.workspace.id, params.id));
  mount(router, a.acceptAutoFix, load, async ({ user, params }) => announced(user.workspace.id, await autoFix.accept(user.workspace.id, actorOf(user), params.id)));
  mount(router, a.cancelAutoFix, load, ({ user, params }) => autoFix.cancel(user.workspace.id, params.id));
  return router;
}
