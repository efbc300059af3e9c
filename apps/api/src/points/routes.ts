import { Router } from 'express';
import { pointEndpoints as e } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';
import { projectsRepository } from '../projects/repository.js';
import { deletePoint, recordPoint, renamePoint } from './point-changes.js';
import { pointsRepository, toPointView } from './repository.js';

export function pointRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions } = deps;
  const load = sessions.userOf.bind(sessions);

  mount(router, e.listPoints, load, async ({ user, params }) => {
    if (!(await projectsRepository.owned(db, user.id, params.projectId))) throw new AppError(404, 'Project not found');
    return { success: true, points: (await pointsRepository.list(db, params.projectId)).map(toPointView) };
  });

  mount(router, e.recordPoint, load, async ({ user, body, res }) => {
    const { created, data } = await recordPoint(db, user.id, body);
    res.status(created ? 201 : 200);
    return { success: true, message: 'Point recorded successfully.', data };
  });

  mount(router, e.deletePoint, load, ({ user, params }) => deletePoint(db, user.id, params.projectId, params.pointId));
  mount(router, e.renamePoint, load, ({ user, params, body }) => renamePoint(db, user.id, params.projectId, params.pointId, body.Name));
  return router;
}
