import { Router } from 'express';
import { baseSetupEndpoints as e } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/route.js';
import { correctSetup, listSetups, undoSetup } from './setups.js';

export function baseSetupRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions } = deps;
  const load = sessions.userOf.bind(sessions);
  mount(router, e.listBaseSetups, load, ({ user, params }) => listSetups(db, user.id, params.id));
  mount(router, e.correctBaseSetup, load, ({ user, params, body }) => correctSetup(db, user.id, params.id, body));
  mount(router, e.undoBaseSetup, load, ({ user, params }) => undoSetup(db, user.id, params.id));
  return router;
}
