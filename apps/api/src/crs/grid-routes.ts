import { Router } from 'express';
import { crsEndpoints, type GridCoordinate } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { notFound } from '../http/errors.js';
import { mount } from '../http/route.js';
import { projectsRepository } from '../projects/repository.js';
import { exportsRepository } from '../exports/repository.js';
import { gridStore, loadProjectFrame, pointCoordinates } from './project-geodesy.js';
import { gridFrameOf, rounded } from './grid-frame.js';

/**
 * Grid coordinates for the web (decisions 024, 039): the API computes them with the exports' own function (grids,
 * geoid, calibration and each point's frame; the default CRS of a project without one), so the taken points show
 * what the files hold.
 */
export function gridRoutes(deps: AppDeps): Router {
  const router = Router();
  const loadUser = deps.sessions.userOf.bind(deps.sessions);
  const frameOf = async (userId: string, projectId: string) => {
    if (!(await projectsRepository.owned(deps.db, userId, projectId))) throw notFound('Project not found');
    return loadProjectFrame(deps.db, projectId, gridStore(deps.config.gridsDir ?? ''));
  };

  mount(router, crsEndpoints.gridPoints, loadUser, async ({ user, params }) => {
    const g = await frameOf(user.workspace.id, params.id);
    const points: Record<string, GridCoordinate | null> = {};
    if (g) {
      for await (const page of exportsRepository(deps.db).pages(params.id)) {
        for (const p of page) points[p.id] = rounded(pointCoordinates(g, p), g);
      }
    }
    return { success: true as const, frame: g ? gridFrameOf(g) : null, points };
  });

  return router;
}
