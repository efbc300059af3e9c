import { Router } from 'express';
import { crsEndpoints, type GridCoordinate, type GridFrame } from '@smi/contracts';
import { UNIT_SYMBOL, type LinearUnit } from '@smi/geodesy';
import type { AppDeps } from '../http/deps.js';
import { notFound } from '../http/errors.js';
import { mount } from '../http/route.js';
import { projectsRepository } from '../projects/repository.js';
import { baseSetupsRepository } from '../base-setups/repository.js';
import { exportsRepository } from '../exports/repository.js';
import { gridStore, loadProjectGeodesy, type GridPoint, type ProjectGeodesy } from './project-geodesy.js';
import { pointGrid } from '../exports/grid-columns.js';

/** The CRS, unit and height reference grid coordinates are given in, as every screen names them. */
export function gridFrameOf(g: ProjectGeodesy): GridFrame {
  const unit = g.transform.unit;
  return {
    crsLabel: g.crsLabel,
    crsCode: g.transform.crs.code,
    unitLabel: g.unitLabel,
    unitSymbol: unit === 'degree' ? '°' : UNIT_SYMBOL[unit as LinearUnit],
    heightLabel: g.heightLabel,
    orthometric: g.geoid !== null,
    calibrationVersion: g.calibration?.version ?? null,
  };
}

// the exports' rounding (grid-columns.ts): what a screen shows is what the csv holds
const mm = (v: number) => Math.round(v * 1000) / 1000;
function rounded(c: GridPoint | null, unit: string): GridCoordinate | null {
  if (!c) return null;
  const r = unit === 'degree' ? (v: number) => Math.round(v * 1e9) / 1e9 : mm;
  return { easting: r(c.easting), northing: r(c.northing), height: c.height === null ? null : mm(c.height) };
}

/**
 * Grid coordinates for the web (decision 024): the API computes them with the exports' own code (grids,
 * geoid, calibration and each point's frame), so the taken points and the Record dialog show what the files hold.
 */
export function gridRoutes(deps: AppDeps): Router {
  const router = Router();
  const loadUser = deps.sessions.userOf.bind(deps.sessions);
  const geodesyOf = async (userId: string, projectId: string) => {
    if (!(await projectsRepository.owned(deps.db, userId, projectId))) throw notFound('Project not found');
    return loadProjectGeodesy(deps.db, projectId, gridStore(deps.config.gridsDir ?? ''));
  };

  mount(router, crsEndpoints.gridPoints, loadUser, async ({ user, params }) => {
    const g = await geodesyOf(user.id, params.id);
    const points: Record<string, GridCoordinate | null> = {};
    if (g) {
      const unit = g.transform.unit;
      for await (const page of exportsRepository(deps.db).pages(params.id)) {
        for (const p of page) points[p.id] = rounded(pointGrid(g, p), unit);
      }
    }
    return { success: true as const, frame: g ? gridFrameOf(g) : null, points };
  });

  mount(router, crsEndpoints.gridPositions, loadUser, async ({ user, params, body }) => {
    const g = await geodesyOf(user.id, params.id);
    if (!g) return { success: true as const, frame: null, coordinates: body.positions.map(() => null) };
    // a point recorded now is in the frame of the base setup in force (else the project's corrections datum)
    const datum = (await baseSetupsRepository.currentOf(deps.db, params.id))?.datum ?? null;
    const at = new Date();
    const unit = g.transform.unit;
    return {
      success: true as const,
      frame: gridFrameOf(g),
      coordinates: body.positions.map((p) => rounded(g.grid(p.latitude, p.longitude, p.ellipsoidalHeight, { datum, at }), unit)),
    };
  });

  return router;
}
