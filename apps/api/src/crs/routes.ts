import { Router } from 'express';
import { crsEndpoints, crsSearchQuery, describeIssues, type CalibrationBody, type ProjectCrsBody } from '@smi/contracts';
import { EGM96, GEOID_EXTENSIONS, METRES_PER, geoidFile, implausibleCalibration, inAreaOfUse, verticalCrsList, findCrs, findVerticalCrs, searchCrs, solveCalibration, toMetres, type CrsEntry, type LinearUnit } from '@smi/geodesy';
import type { Db } from '@smi/db';
import type { AppDeps } from '../http/deps.js';
import { AppError, notFound } from '../http/errors.js';
import { mount } from '../http/route.js';
import { projectsRepository } from '../projects/repository.js';
import { buildGeodesy, geodesyError, gridStore, loadGrids, loadProjectGeodesy, type ProjectGeodesy } from './project-geodesy.js';
import { crsRepository, type CalibrationRow, type ProjectCrsRow } from './repository.js';
import { actorOf, writeAudit } from '../audit/audit-log.js';
import type { SessionUser } from '../auth/session.js';

/** EGM96 is built in: a vertical CRS on egm96_15.gtx needs no file. */
const isEgm96 = (grid: string) => /^egm96_15\.gtx$/i.test(grid);

const summary = (c: CrsEntry) => ({ code: c.code, name: c.name, kind: c.kind, unit: c.unit, area: c.area, grid: c.grid });

function calibrationView(row: CalibrationRow | null) {
  if (!row) return null;
  const s = row.solution;
  return {
    version: row.version,
    crsCode: row.crs_code,
    createdAt: new Date(row.created_at).toISOString(),
    fixScale: row.pairs.fixScale,
    horizontal: s.horizontal && { tE: s.horizontal.tE, tN: s.horizontal.tN, scale: s.horizontal.scale, rotationArcsec: s.horizontal.rotationArcsec, a: s.horizontal.a, b: s.horizontal.b },
    vertical: s.vertical,
    residuals: s.residuals,
    rmsH: s.rmsH,
    rmsV: s.rmsV,
    warnings: s.warnings,
  };
}

/** What the audit trail keeps of a calibration: its version, CRS, pairs and solution's parameters (decision 071). */
function calibrationAudited(row: CalibrationRow | null): Record<string, unknown> | null {
  const view = calibrationView(row);
  return view && { ...view, pairs: row!.pairs.pairs.map((p) => ({ name: p.name, known: p.known })) };
}

/**
 * A pair measured outside the CRS's area of use (or whose known coordinates fall outside it) cannot belong to this
 * site's calibration: Sydney control on Lambert-93 was stored with a scale of 6.7e-5.
 */
function refuseOutsideArea(geo: ProjectGeodesy, p: CalibrationBody['pairs'][number]) {
  const crs = geo.transform.crs;
  const where = `the area of use of ${geo.crsLabel} (${crs.area})`;
  if (!inAreaOfUse(crs, p.latitude, p.longitude)) throw new AppError(400, `pairs: ${p.name} (${p.latitude}, ${p.longitude}) is outside ${where}`);
  let known: [number, number] | null;
  try {
    known = geo.transform.inverse(p.easting, p.northing);
  } catch {
    known = null;
  }
  if (!known || !inAreaOfUse(crs, known[1], known[0])) {
    throw new AppError(400, `pairs: the known coordinates of ${p.name} (${p.easting}, ${p.northing}) are outside ${where}: they must be in ${geo.crsLabel}, ${geo.unitLabel}`);
  }
}

/** GET /api/crs, the project's CRS settings and its site calibration (decision 024). */
export function crsRoutes(deps: AppDeps): Router {
  const router = Router();
  const loadUser = deps.sessions.userOf.bind(deps.sessions);
  const grids = () => gridStore(deps.config.gridsDir ?? '');
  const owned = async (db: Db, userId: string, id: string) => {
    if (!(await projectsRepository.owned(db, userId, id))) throw notFound('Project not found');
  };

  mount(router, crsEndpoints.searchCrs, loadUser, ({ req }) => {
    const parsed = crsSearchQuery.safeParse({ query: req.query.query });
    if (!parsed.success) throw new AppError(400, describeIssues(parsed.error, 'query'));
    return { success: true as const, crs: searchCrs(parsed.data.query, 25).map(summary) };
  });

  async function settingsView(projectId: string) {
    const s = await crsRepository.settings(deps.db, projectId);
    const crs = s ? findCrs(s.crs_code) : null;
    const unit = crs ? (crs.kind === 'geographic' ? 'degree' : { metre: 'metre', 'US survey foot': 'US survey foot', foot: 'international foot' }[crs.unit] ?? crs.unit) : null;
    return {
      success: true as const,
      settings: {
        crs: crs ? summary(crs) : null,
        unitLabel: unit,
        vertical: s?.vertical ?? 'ellipsoidal',
        geoidModel: s?.geoid_model ?? null,
        verticalCrsCode: s?.vertical_crs_code ?? null,
        correctionsDatum: (s?.corrections_datum ?? 'WGS84') as ProjectCrsBody['correctionsDatum'],
        helmertFallback: s?.helmert_fallback ?? false,
        geoidModels: [EGM96, ...grids().list(GEOID_EXTENSIONS)],
        verticalCrsOptions: verticalCrsList()
          .map((v) => ({ code: v.code, name: v.name, model: isEgm96(v.grid) ? EGM96 : geoidFile(v.grid, grids()) }))
          .filter((v) => v.model === EGM96 || grids().find(v.model) !== null),
      },
    };
  }

  mount(router, crsEndpoints.getProjectCrs, loadUser, async ({ user, params }) => {
    await owned(deps.db, user.workspace.id, params.id);
    return settingsView(params.id);
  });

  mount(router, crsEndpoints.setProjectCrs, loadUser, async ({ user, params, body }) => {
    await owned(deps.db, user.workspace.id, params.id);
    let geoid = body.geoidModel ?? null;
    if (body.verticalCrsCode && !geoid) {
      const v = findVerticalCrs(body.verticalCrsCode);
      if (!v) throw new AppError(400, `verticalCrsCode: EPSG:${body.verticalCrsCode} is not a vertical CRS with a known geoid grid`);
      geoid = isEgm96(v.grid) ? EGM96 : geoidFile(v.grid, grids());
    }
    if (body.vertical === 'geoid' && !geoid) geoid = EGM96;
    const row: ProjectCrsRow = {
      crs_code: body.crsCode,
      vertical: body.vertical === 'geoid' || body.verticalCrsCode ? 'geoid' : 'ellipsoidal',
      geoid_model: body.vertical === 'geoid' || body.verticalCrsCode ? geoid : null,
      vertical_crs_code: body.verticalCrsCode ?? null,
      corrections_datum: body.correctionsDatum,
      helmert_fallback: body.helmertFallback,
    };
    // the CRS, its grid and the geoid must all be usable before they are stored: the error names what is missing
    await loadGrids(row, grids());
    buildGeodesy(row, null, grids());
    await deps.db.tx(async (q) => {
      const before = await crsRepository.settings(q, params.id);
      await crsRepository.saveSettings(q, params.id, row);
      await writeAudit(q, actorOf(user), { action: 'crs.changed', objectKind: 'project', objectId: params.id, projectId: params.id, before: before ? { ...before } : null, after: { ...row } });
    });
    return settingsView(params.id);
  });

  mount(router, crsEndpoints.getCalibration, loadUser, async ({ user, params }) => {
    await owned(deps.db, user.workspace.id, params.id);
    return { success: true as const, calibration: calibrationView(await crsRepository.activeCalibration(deps.db, params.id)) };
  });

  mount(router, crsEndpoints.setCalibration, loadUser, async ({ user, params, body }: { user: SessionUser; params: { id: string }; body: CalibrationBody }) => {
    await owned(deps.db, user.workspace.id, params.id);
    const geo = await loadProjectGeodesy(deps.db, params.id, grids());
    if (!geo) throw new AppError(400, 'Choose the project coordinate system before a site calibration');
    const unit = geo.transform.unit;
    if (unit === 'degree') throw new AppError(400, 'A site calibration needs a projected coordinate system');
    // measured: the uncalibrated grid coordinates of what the GNSS measured; known heights come in the CRS unit
    const raw = buildGeodesy(geo.settings, null, grids());
    // a pair picked from a point is in the frame of that point's base setup, at its time (as its exports are)
    const sources = await crsRepository.pointSources(deps.db, params.id, body.pairs.flatMap((p) => (p.pointId ? [p.pointId] : [])));
    const pairs = body.pairs.map((p) => {
      refuseOutsideArea(geo, p);
      const g = raw.grid(p.latitude, p.longitude, p.ellipsoidalHeight, p.pointId ? sources.get(p.pointId) : undefined);
      if (!g) throw new AppError(400, `pairs: ${p.name} is outside the area of EPSG:${geo.transform.crs.code}`);
      return {
        name: p.name,
        measured: { easting: g.easting, northing: g.northing, height: g.height === null ? null : toMetres(g.height, unit as LinearUnit), latitude: p.latitude, longitude: p.longitude },
        known: { easting: p.easting, northing: p.northing, height: p.height === null ? null : toMetres(p.height, unit as LinearUnit) },
      };
    });
    let solution;
    try {
      solution = solveCalibration(pairs, { fixScale: body.fixScale, toleranceH: body.toleranceH, toleranceV: body.toleranceV, metresPerUnit: METRES_PER[unit as LinearUnit] });
    } catch (e) {
      if (e instanceof RangeError) throw new AppError(400, `pairs: ${e.message}`);
      geodesyError(e);
    }
    const implausible = implausibleCalibration(solution);
    if (implausible) throw new AppError(400, `The calibration is refused: ${implausible}. Check that the known coordinates are in ${geo.crsLabel} (${geo.unitLabel}) and belong to their points`);
    const row = await deps.db.tx(async (q) => {
      const before = await crsRepository.activeCalibration(q, params.id);
      const added = await crsRepository.addCalibration(q, params.id, geo.transform.crs.code, { pairs, fixScale: body.fixScale }, solution);
      await writeAudit(q, actorOf(user), { action: 'calibration.changed', objectKind: 'project', objectId: params.id, projectId: params.id, before: calibrationAudited(before), after: calibrationAudited(added) });
      return added;
    });
    return { success: true as const, calibration: calibrationView(row) };
  });

  mount(router, crsEndpoints.removeCalibration, loadUser, async ({ user, params }) => {
    await owned(deps.db, user.workspace.id, params.id);
    await deps.db.tx(async (q) => {
      const before = await crsRepository.activeCalibration(q, params.id);
      if (!(await crsRepository.removeCalibration(q, params.id))) throw notFound('The project has no calibration');
      await writeAudit(q, actorOf(user), { action: 'calibration.removed', objectKind: 'project', objectId: params.id, projectId: params.id, before: calibrationAudited(before), after: null });
    });
    return { success: true as const, message: 'Calibration removed', calibration: null };
  });

  return router;
}
