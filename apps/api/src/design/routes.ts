import { Router } from 'express';
import { designEndpoints as e, type DesignImportBody, type DesignImportRefusal, type DesignLineView, type DesignPointView } from '@smi/contracts';
import { parseCsv, parseDxf, parseGeoJson, parseLandXml, previewCsv, type DesignLine, type DesignPoint, type ImportResult, type ToGrid } from '@smi/design';
import { fromMetres, toMetres, type LinearUnit } from '@smi/geodesy';
import type { Queryable } from '@smi/db';
import type { AppDeps } from '../http/deps.js';
import { AppError, notFound } from '../http/errors.js';
import { mount } from '../http/route.js';
import { gridStore, loadProjectGeodesy, type ProjectGeodesy } from '../crs/project-geodesy.js';
import { projectsRepository } from '../projects/repository.js';
import { designRepository as repo, type DesignLineRow, type DesignPointRow, type DesignPointValues } from './repository.js';

const iso = (d: Date | string) => new Date(d).toISOString();
/** How many points and lines a preview shows. */
const PREVIEW_ROWS = 10;

/** The project's own CRS in a linear unit: design coordinates are grid coordinates in it, so it must be set. */
interface DesignFrame {
  g: ProjectGeodesy;
  unit: LinearUnit;
}

const frameView = (f: DesignFrame) => ({ crs: f.g.crsLabel, unit: f.unit, height: f.g.labels.heightName });

/** A length in the project's unit, to a tenth of a millimetre, as stored values are shown. */
const shown = (metres: number, unit: LinearUnit) => Math.round(fromMetres(metres, unit) * 1e4) / 1e4;
const shownOrNull = (metres: number | null, unit: LinearUnit) => (metres === null ? null : shown(metres, unit));

export function pointView(r: DesignPointRow, unit: LinearUnit): DesignPointView {
  return {
    id: r.id,
    name: r.name,
    easting: shown(r.easting, unit),
    northing: shown(r.northing, unit),
    elevation: shownOrNull(r.elevation, unit),
    code: r.code,
    layer: r.layer,
    source: r.source,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

const vertexView = (v: { e: number; n: number; h: number | null; bulge: number }, unit: LinearUnit) => ({
  easting: shown(v.e, unit),
  northing: shown(v.n, unit),
  elevation: shownOrNull(v.h, unit),
  bulge: v.bulge,
});

function lineView(r: DesignLineRow, unit: LinearUnit): DesignLineView {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    layer: r.layer,
    closed: r.closed,
    startStation: shown(r.start_station, unit),
    vertices: r.vertices.map((v) => vertexView(v, unit)),
    source: r.source,
    createdAt: iso(r.created_at),
  };
}

/** The project's CRS turned into what the importers take: WGS 84 to grid metres through the exports' own function. */
function toGridOf(f: DesignFrame): ToGrid {
  return (latitude, longitude, height) => {
    const p = f.g.grid(latitude, longitude, height);
    if (!p) throw new Error(`latitude ${latitude}, longitude ${longitude} is outside ${f.g.crsLabel}`);
    return { e: toMetres(p.easting, f.unit), n: toMetres(p.northing, f.unit), h: p.height === null ? null : toMetres(p.height, f.unit) };
  };
}

function read(body: DesignImportBody, f: DesignFrame, existingNames: string[]): ImportResult {
  const common = { existingNames };
  switch (body.format) {
    case 'csv':
      return parseCsv(body.content, { ...common, ...csvOptions(body, f) });
    case 'landxml':
      return parseLandXml(body.content, { ...common, projectEpsg: f.g.labels.crsCode, toGrid: toGridOf(f) });
    case 'dxf':
      return parseDxf(body.content, { ...common, unit: body.unit });
    case 'geojson':
      return parseGeoJson(body.content, { ...common, projectEpsg: f.g.labels.crsCode, projectUnit: f.unit, toGrid: toGridOf(f) });
  }
}

function csvOptions(body: DesignImportBody, f: DesignFrame) {
  if (body.columns === undefined) throw new AppError(400, 'columns: a CSV/TXT file needs its column layout (PNEZD, PENZD, NEZ, ENZ, name-lat-lon-h, ...) or the role of each column');
  return {
    columns: body.columns as never,
    delimiter: body.delimiter,
    header: body.header,
    decimalComma: body.decimalComma,
    unit: body.unit,
    toGrid: toGridOf(f),
  };
}

const lineLabel = (line: number | null) => (line === null ? '' : `line ${line}: `);
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const importedPointView = (p: DesignPoint, unit: LinearUnit, source: string) => ({
  name: p.name,
  easting: shown(p.e, unit),
  northing: shown(p.n, unit),
  elevation: shownOrNull(p.h, unit),
  code: p.code,
  layer: p.layer,
  source,
  line: p.line,
});
const importedLineView = (l: DesignLine, unit: LinearUnit, source: string) => ({
  name: l.name,
  code: l.code,
  layer: l.layer,
  closed: l.closed,
  startStation: shown(l.startStation, unit),
  vertices: l.vertices.map((v) => vertexView(v, unit)),
  source,
  line: l.line,
});

/** The database's refusal of a name a design point of the project already has, as the user reads it. */
export async function nameChecked<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505' && e.constraint === 'design_points_name_idx') throw new AppError(409, what);
    throw err;
  }
}

/** Design points and lines of a project (decisions 046, 058): imported from files or typed, apart from measured points. */
export function designRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps;
  const load = deps.sessions.userOf.bind(deps.sessions);
  const grids = () => gridStore(deps.config.gridsDir ?? '');

  const project = async (q: Queryable, userId: string, projectId: string) => {
    const row = await projectsRepository.owned(q, userId, projectId);
    if (!row) throw notFound('Project not found');
    return row;
  };
  /** The project's CRS, which design coordinates are given in: without one there is nothing to give them in. */
  const frameOf = async (q: Queryable, projectId: string): Promise<DesignFrame | null> => {
    const g = await loadProjectGeodesy(q, projectId, grids());
    if (!g) return null;
    if (g.frame.unit === 'degree') return null;
    return { g, unit: g.frame.unit };
  };
  const requireFrame = async (q: Queryable, projectId: string): Promise<DesignFrame> => {
    const f = await frameOf(q, projectId);
    if (!f) throw new AppError(409, "Design coordinates are grid coordinates in the project's coordinate system: give the project a projected coordinate system first.");
    return f;
  };
  const values = (b: { name: string; easting: number; northing: number; elevation?: number | null; code?: string; layer?: string }, unit: LinearUnit): DesignPointValues => ({
    name: b.name,
    easting: toMetres(b.easting, unit),
    northing: toMetres(b.northing, unit),
    elevation: b.elevation === undefined || b.elevation === null ? null : toMetres(b.elevation, unit),
    code: b.code ?? '',
    layer: b.layer ?? '',
  });
  const taken = (name: string) => `The project already has a design point named “${name}”.`;

  mount(router, e.listDesign, load, async ({ user, params }) => {
    await project(db, user.workspace.id, params.projectId);
    const f = await frameOf(db, params.projectId);
    const unit: LinearUnit = f?.unit ?? 'metre';
    const [points, lines] = await Promise.all([repo.points(db, params.projectId), repo.lines(db, params.projectId)]);
    return { success: true as const, frame: f ? frameView(f) : null, points: points.map((r) => pointView(r, unit)), lines: lines.map((r) => lineView(r, unit)) };
  });

  mount(router, e.previewDesignImport, load, async ({ user, params, body }) => {
    await project(db, user.workspace.id, params.projectId);
    const f = await requireFrame(db, params.projectId);
    const existing = await repo.pointNames(db, params.projectId);
    if (body.format === 'csv') {
      const p = previewCsv(body.content, { existingNames: existing, ...csvOptions(body, f) }, PREVIEW_ROWS);
      if ('error' in p) throw new AppError(400, p.error);
      return {
        success: true as const,
        frame: frameView(f),
        csv: { delimiter: p.delimiter, header: p.header, decimalComma: p.decimalComma, suggestedColumns: p.sniff.suggested, rows: p.rows },
        points: p.result.points.map((x) => importedPointView(x, f.unit, 'csv')),
        lines: [],
        errors: p.result.errors,
        warnings: p.result.warnings,
      };
    }
    const r = read(body, f, existing);
    return {
      success: true as const,
      frame: frameView(f),
      csv: null,
      points: r.points.slice(0, PREVIEW_ROWS).map((x) => importedPointView(x, f.unit, body.format)),
      lines: r.lines.slice(0, PREVIEW_ROWS).map((x) => importedLineView(x, f.unit, body.format)),
      errors: r.errors,
      warnings: r.warnings,
    };
  });

  mount(router, e.importDesign, load, async ({ user, params, body, res }) => {
    await project(db, user.workspace.id, params.projectId);
    const f = await requireFrame(db, params.projectId);
    const r = read(body, f, await repo.pointNames(db, params.projectId));
    const whole = r.errors.find((x) => x.line === null);
    if (r.errors.length && (whole || !body.acceptErrors)) {
      const first = whole ?? r.errors[0]!;
      const good = whole ? '' : ` The file's ${plural(r.points.length, 'good point')} and ${plural(r.lines.length, 'line')} can be imported without them.`;
      const refusal: DesignImportRefusal = {
        success: false,
        message: `Nothing was imported: ${r.errors.length === 1 ? 'one problem' : `${r.errors.length.toLocaleString('en-US')} problems`}, first ${lineLabel(first.line)}${first.message}.${good}`.replace(/\.\./g, '.'),
        errors: r.errors,
        warnings: r.warnings,
        points: whole ? 0 : r.points.length,
        lines: whole ? 0 : r.lines.length,
      };
      res.status(400).json(refusal);
      return undefined;
    }
    if (!r.points.length && !r.lines.length) throw new AppError(400, 'Nothing was imported: the file holds no design points or lines.');
    await nameChecked('Nothing was imported: a design point of the same name was added meanwhile. Import the file again.', () =>
      db.tx(async (q) => {
        await projectsRepository.owned(q, user.workspace.id, params.projectId, true);
        await repo.insertImported(q, params.projectId, body.format, r.points, r.lines);
      }),
    );
    deps.log.info({ projectId: params.projectId, format: body.format, points: r.points.length, lines: r.lines.length }, 'design data imported');
    res.status(201);
    const skipped = r.errors.length ? `; ${plural(r.errors.length, 'row')} with problems left out` : '';
    return {
      success: true as const,
      message: `Imported ${plural(r.points.length, 'design point')} and ${plural(r.lines.length, 'design line')}${skipped}`,
      imported: { points: r.points.length, lines: r.lines.length },
      errors: r.errors,
      warnings: r.warnings,
    };
  });

  mount(router, e.createDesignPoint, load, async ({ user, params, body, res }) => {
    await project(db, user.workspace.id, params.projectId);
    const f = await requireFrame(db, params.projectId);
    const row = await nameChecked(taken(body.name), () => repo.createPoint(db, params.projectId, values(body, f.unit)));
    res.status(201);
    return { success: true as const, message: 'Design point added', point: pointView(row, f.unit) };
  });

  mount(router, e.updateDesignPoint, load, async ({ user, params, body }) => {
    await project(db, user.workspace.id, params.projectId);
    const f = await requireFrame(db, params.projectId);
    const current = await repo.point(db, params.projectId, params.pointId);
    if (!current) throw notFound('Design point not found');
    const shownNow = pointView(current, f.unit);
    const merged = values({ ...shownNow, ...body }, f.unit);
    // a field not given keeps its stored value exactly (not the value rounded for the view)
    const kept: DesignPointValues = {
      ...merged,
      easting: body.easting === undefined ? current.easting : merged.easting,
      northing: body.northing === undefined ? current.northing : merged.northing,
      elevation: body.elevation === undefined ? current.elevation : merged.elevation,
    };
    const row = await nameChecked(taken(kept.name), () => repo.updatePoint(db, params.projectId, params.pointId, kept));
    if (!row) throw notFound('Design point not found');
    return { success: true as const, message: 'Design point saved', point: pointView(row, f.unit) };
  });

  mount(router, e.deleteDesignPoint, load, async ({ user, params }) => {
    await project(db, user.workspace.id, params.projectId);
    if (!(await repo.removePoint(db, params.projectId, params.pointId))) throw notFound('Design point not found');
    return { success: true as const, message: 'Design point deleted' };
  });

  mount(router, e.deleteDesignLine, load, async ({ user, params }) => {
    await project(db, user.workspace.id, params.projectId);
    if (!(await repo.removeLine(db, params.projectId, params.lineId))) throw notFound('Design line not found');
    return { success: true as const, message: 'Design line deleted' };
  });

  return router;
}
