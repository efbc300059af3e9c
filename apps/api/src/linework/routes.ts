import { Router } from 'express';
import { lineworkEndpoints as e } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { notFound } from '../http/errors.js';
import { mount } from '../http/route.js';
import { projectLinework } from './build.js';

/** GET a project's linework; its changes are announced on the owner's sockets (LINEWORK_EVENT). */
export function lineworkRoutes(deps: AppDeps): Router {
  const router = Router();
  const load = deps.sessions.userOf.bind(deps.sessions);
  mount(router, e.projectLinework, load, async ({ user, params }) => {
    const linework = await projectLinework(deps.db, deps.config.gridsDir ?? '', user.workspace.id, params.projectId);
    if (!linework) throw notFound('Project not found');
    const { list: _list, codeStrings: _codes, ...reply } = linework;
    return { success: true as const, ...reply };
  });
  return router;
}
