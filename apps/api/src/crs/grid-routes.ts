import { Router } from 'express';
import { crsEndpoints, type GridCoordinate, type GridFrame } from '@smi/contracts';
import type { ProjectCoordinates } from '@smi/geodesy';
import type { AppDeps } from '../http/deps.js';
import { notFound } from '../http/errors.js';
import { mount } from '../http/route.js';
import { projectsRepository } from '../projects/repository.js';
import { exportsRepository } from '../exports/repository.js';
import { gridStore, loadProjectFrame, pointCoordinates, type ProjectGeodesy } from './project-geodesy.js';

/** The CRS, unit and height reference grid coordinates are given in, as every screen names them. */
export function gridFrameOf(g: ProjectGeodesy): GridFrame {
  return { ...g.labels };
}

// the exports' resolution: what a screen shows is what the csv holds
const mm = (v: number) => Math.round(v * 1000) / 1000;
export function rounded(c: ProjectCoordinates | null, g: ProjectGeodesy): GridCoordinate | null {
  if (!c) return null;
  const r = g.transform.unit === 'degree' ? (v: number) => Math.round(v * 1e9) / 1e9 : mm;
  return { easting: r(c.easting), northing: r(c.northing), height: c.height === null ? null : mm(c.height) };
}

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
