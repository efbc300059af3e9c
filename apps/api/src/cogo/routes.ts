import { Router } from 'express';
import { cogoEndpoints as e, type CogoTraverseBody } from '@smi/contracts';
import { formatDms, inverse, lineFactors, pointFrom, ringArea, type GroundContext } from '@smi/design';
import { fromMetres, toMetres, type LinearUnit } from '@smi/geodesy';
import type { AppDeps } from '../http/deps.js';
import { AppError, notFound } from '../http/errors.js';
import { mount } from '../http/route.js';
import type { ProjectGeodesy } from '../crs/project-geodesy.js';
import { projectsRepository } from '../projects/repository.js';
import { designRepository } from '../design/repository.js';
import { nameChecked, pointView } from '../design/routes.js';
import { projectedGeodesy } from '../stake/context.js';
import { cogoProjection, placeAll, placedView, type CogoPlaced } from './frame.js';

const factorsView = (f: { scale: number; elevation: number; combined: number }) => ({ scale: f.scale, elevation: f.elevation, combined: f.combined });

/** COGO on a project's design and measured points (decision 077), on its grid, in its unit. */
export function cogoRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps;
  const load = deps.sessions.userOf.bind(deps.sessions);

  /** The workspace's project and its projected CRS: another workspace's project is missing; no grid is a 409. */
  const frameOf = async (workspaceId: string, projectId: string): Promise<{ g: ProjectGeodesy; unit: LinearUnit; frame: { success: true; unit: string; crs: string; height: string } }> => {
    if (!(await projectsRepository.owned(db, workspaceId, projectId))) throw notFound('Project not found');
    const g = await projectedGeodesy(db, projectId, deps.config.gridsDir ?? '');
    const unit = g.frame.unit;
    return { g, unit, frame: { success: true, unit, crs: g.crsLabel, height: g.labels.heightName } };
  };

  /** A point by bearing and distance from a project's point: the grid distance, reduced from the ground when asked. */
  const traverse = async (workspaceId: string, projectId: string, body: CogoTraverseBody) => {
    const f = await frameOf(workspaceId, projectId);
    const [from] = (await placeAll(db, f.g, f.unit, projectId, [body.from])) as [CogoPlaced];
    const distance = toMetres(body.distance, f.unit);
    const dH = body.dH === undefined ? undefined : toMetres(body.dH, f.unit);
    let ground: { projection: GroundContext['projection']; ellipsoidalHeight: number } | undefined;
    if (body.distanceKind === 'ground') {
      if (from.ellipsoidalHeight === null) throw new AppError(409, `${from.name} has no height: a ground distance cannot be reduced to the grid without one. Give a grid distance.`);
      ground = { projection: cogoProjection(f.g, f.unit), ellipsoidalHeight: from.ellipsoidalHeight };
    }
    const p = pointFrom({ e: from.e, n: from.n, h: from.h }, body.azimuth, distance, { ground, dH });
    const factors = ground ? lineFactors(from, p, { projection: ground.projection, ellipsoidalHeights: [ground.ellipsoidalHeight, ground.ellipsoidalHeight + (dH ?? 0)] }) : null;
    return {
      f,
      p,
      reply: {
        ...f.frame,
        from: placedView(from, f.unit),
        point: { easting: fromMetres(p.e, f.unit), northing: fromMetres(p.n, f.unit), elevation: p.h === null ? null : fromMetres(p.h, f.unit) },
        azimuth: body.azimuth,
        azimuthDms: formatDms(body.azimuth),
        gridDistance: fromMetres(p.gridDistance, f.unit),
        factors: factors && factorsView(factors),
      },
    };
  };

  mount(router, e.cogoInverse, load, async ({ user, params, body }) => {
    const f = await frameOf(user.workspace.id, params.projectId);
    const [a, b] = (await placeAll(db, f.g, f.unit, params.projectId, [body.from, body.to])) as [CogoPlaced, CogoPlaced];
    const heights = a.ellipsoidalHeight !== null && b.ellipsoidalHeight !== null ? ([a.ellipsoidalHeight, b.ellipsoidalHeight] as [number, number]) : null;
    const r = inverse(a, b, heights ? { projection: cogoProjection(f.g, f.unit), ellipsoidalHeights: heights } : undefined);
    const missing = [a, b].filter((p) => p.ellipsoidalHeight === null).map((p) => p.name);
    const u = (m: number) => fromMetres(m, f.unit);
    return {
      ...f.frame,
      from: placedView(a, f.unit),
      to: placedView(b, f.unit),
      dE: u(r.dE),
      dN: u(r.dN),
      dH: r.dH === null ? null : u(r.dH),
      gridDistance: u(r.gridDistance),
      azimuth: r.azimuth,
      azimuthDms: formatDms(r.azimuth),
      groundDistance: r.ground ? u(r.ground.distance) : null,
      factors: r.ground && factorsView(r.ground),
      groundNote: r.ground ? null : `No ground distance: ${[...new Set(missing)].join(' and ')} ${missing.length > 1 ? 'have' : 'has'} no height to reduce it with.`,
      slopeDistance: r.slopeDistance === null ? null : u(r.slopeDistance),
      slopePercent: r.slopePercent,
    };
  });

  mount(router, e.cogoArea, load, async ({ user, params, body }) => {
    const f = await frameOf(user.workspace.id, params.projectId);
    const points = await placeAll(db, f.g, f.unit, params.projectId, body.points);
    const r = ringArea(points);
    if ('error' in r) throw new AppError(400, `points: ${r.error}`);
    if (r.area === 0) throw new AppError(400, 'points: the ring encloses no area (its points are in a line)');
    return {
      ...f.frame,
      points: points.map((p) => placedView(p, f.unit)),
      area: fromMetres(fromMetres(r.area, f.unit), f.unit),
      squareMetres: r.area,
      hectares: r.area / 10_000,
      perimeter: fromMetres(r.perimeter, f.unit),
      clockwise: r.signedArea < 0,
      selfIntersecting: r.selfIntersecting,
    };
  });

  mount(router, e.cogoTraverse, load, async ({ user, params, body }) => (await traverse(user.workspace.id, params.projectId, body)).reply);

  mount(router, e.cogoStorePoint, load, async ({ user, params, body, res }) => {
    const { f, p, reply } = await traverse(user.workspace.id, params.projectId, body);
    const row = await nameChecked(`The project already has a design point named “${body.name}”.`, () =>
      designRepository.createPoint(db, params.projectId, { name: body.name, easting: p.e, northing: p.n, elevation: p.h, code: body.code ?? '', layer: body.layer ?? '' }, 'cogo'),
    );
    res.status(201);
    return { ...reply, message: 'Design point added', stored: pointView(row, f.unit) };
  });

  return router;
}
