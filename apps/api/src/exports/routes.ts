import { Router } from 'express';
import { actorOf, writeAudit } from '../audit/audit-log.js';
import { describeIssues, exportEndpoints, exportQuery, type ExportFormat } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { AppError, notFound } from '../http/errors.js';
import { gridStore, loadProjectFrame } from '../crs/project-geodesy.js';
import { writeLandXml } from './landxml.js';
import { writeShp } from './shp.js';
import { mount } from '../http/route.js';
import type { FormatWriter } from './context.js';
import { writeDxf } from './dxf.js';
import { attachmentOf, CONTENT_TYPES, contentDisposition, safeFileStem } from './file-name.js';
import { writePointsWithPhotos } from './with-photos.js';
import { frameTag } from './columns.js';
import { writeGeoJson } from './geojson.js';
import { writeKml } from './kml.js';
import { writePdf } from './pdf.js';
import { exportsRepository } from './repository.js';
import { ResponseSink } from './sink.js';
import { writeCsv, writeTxt } from './tabular.js';
import { mountReport } from '../report/routes.js';
import { projectLinework } from '../linework/build.js';
import { designForExport } from '../design/export-data.js';

const WRITERS: Record<ExportFormat, FormatWriter> = {
  pdf: writePdf,
  dxf: writeDxf,
  csv: writeCsv,
  txt: writeTxt,
  geojson: writeGeoJson,
  kml: writeKml,
  shp: writeShp,
  landxml: writeLandXml,
};

/** The formats that carry design data when asked (decision 059). */
const DESIGN_FORMATS = new Set<ExportFormat>(['csv', 'txt', 'dxf', 'landxml']);

/** GET /api/export/:format/:projectId: the project's points as a downloaded file, written as they are read. */
export function exportRoutes(deps: AppDeps): Router {
  const router = Router();
  const repo = exportsRepository(deps.db);
  // the survey report, before the generic route that would read 'report' as a format
  mountReport(router, deps);

  mount(router, exportEndpoints.exportPoints, deps.sessions.userOf.bind(deps.sessions), async ({ user, params, req, res }) => {
    const query = exportQuery.safeParse({ preset: req.query.preset, bom: req.query.bom, design: req.query.design, photos: req.query.photos });
    if (!query.success) throw new AppError(400, describeIssues(query.error, 'query'));
    const project = await repo.findProject(user.workspace.id, params.projectId);
    if (!project) throw notFound('Project not found');
    if (query.data.preset && params.format !== 'csv') throw new AppError(400, 'preset: only the csv export has presets');
    if (query.data.bom && params.format !== 'csv' && params.format !== 'txt') throw new AppError(400, 'bom: only csv and txt can start with a byte-order mark');
    if (query.data.design && !DESIGN_FORMATS.has(params.format)) throw new AppError(400, 'design: only csv, txt, dxf and landxml carry design points and lines');
    if (query.data.design && query.data.preset) throw new AppError(400, 'design: PNEZD has no column to mark a design point: use the csv without a preset');
    const withPhotos = query.data.photos ? params.format : null;
    if (withPhotos && withPhotos !== 'csv' && withPhotos !== 'txt') throw new AppError(400, 'photos: only csv and txt come with their photos beside them (in a zip)');
    if (withPhotos && query.data.preset) throw new AppError(400, 'photos: PNEZD has no photos column: use the csv without a preset');
    // the project's CRS, geoid and calibration (else its default); a grid removed since it was chosen is a 400 naming it
    const geodesy = await loadProjectFrame(deps.db, project.id, gridStore(deps.config.gridsDir ?? ''));
    const stats = await repo.stats(project.id);

    res.status(200);
    res.set('Content-Type', withPhotos ? 'application/zip' : CONTENT_TYPES[params.format]);
    // PNEZD has no header line: its file name says the CRS and height its numbers are in
    res.set('Content-Disposition', withPhotos ? attachmentOf(project.name, '-points-photos.zip') : contentDisposition(project.name, params.format, query.data.preset, query.data.preset && frameTag(geodesy)));
    const sink = new ResponseSink(res);
    const linework = async () => (await projectLinework(deps.db, deps.config.gridsDir ?? '', user.workspace.id, project.id)) ?? null;
    const design = query.data.design ? await designForExport(deps.db, project.id, geodesy) : null;
    const ctx = { sink, repo, project, stats, now: new Date(), geodesy, linework, preset: query.data.preset, bom: query.data.bom, design };
    if (withPhotos) await writePointsWithPhotos(ctx, withPhotos, safeFileStem(project.name), (key) => deps.photos.stored(key, 'original'), deps.log);
    else await WRITERS[params.format](ctx);
    sink.end();
    // written once the file is out: an export that failed half-way is not in the trail
    await writeAudit(deps.db, actorOf(user), {
      action: 'export.downloaded',
      objectKind: 'export',
      objectId: null,
      projectId: project.id,
      after: { Format: params.format, Points: stats.count, Preset: query.data.preset ?? null, Design: query.data.design ?? false, Photos: query.data.photos ?? false },
    });
  });

  return router;
}
