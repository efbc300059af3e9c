import type { Router } from 'express';
import { actorOf, writeAudit } from '../audit/audit-log.js';
import { reportEndpoints } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { notFound } from '../http/errors.js';
import { mount } from '../http/route.js';
import { gridStore, loadProjectFrame } from '../crs/project-geodesy.js';
import { asciiFileStem, safeFileStem } from '../exports/file-name.js';
import { exportsRepository } from '../exports/repository.js';
import { ResponseSink } from '../exports/sink.js';
import { reportData } from './report-data.js';
import { writeSurveyReport } from './survey-report.js';

/** GET /api/export/report/:projectId, mounted before /api/export/:format/:projectId, which would take 'report'. */
export function mountReport(router: Router, deps: AppDeps): void {
  const data = reportData(deps.db);
  const repo = exportsRepository(deps.db);
  mount(router, reportEndpoints.exportReport, deps.sessions.userOf.bind(deps.sessions), async ({ user, params, res }) => {
    const project = await repo.findProject(user.workspace.id, params.projectId);
    if (!project) throw notFound('Project not found');
    // the project's CRS, geoid and calibration (else its default), before the answer starts: a missing grid is a 400
    const geodesy = await loadProjectFrame(deps.db, project.id, gridStore(deps.config.gridsDir ?? ''));
    const sections = await repo.sectionsOf(project);
    res.status(200);
    res.set('Content-Type', 'application/pdf');
    const stem = safeFileStem(project.name);
    const ascii = asciiFileStem(stem);
    const header = `attachment; filename="${ascii}-report.pdf"`;
    res.set('Content-Disposition', ascii === stem ? header : `${header}; filename*=UTF-8''${encodeURIComponent(`${stem}-report.pdf`)}`);
    const sink = new ResponseSink(res);
    await writeSurveyReport({ sink, data, projectId: project.id, ownerId: user.workspace.id, now: new Date(), geodesy, plan: { positions: repo.positions(project.id), sections }, thumbnail: (key) => deps.photos.stored(key, 'thumbnail') });
    sink.end();
    await writeAudit(deps.db, actorOf(user), { action: 'export.downloaded', objectKind: 'export', objectId: null, projectId: project.id, after: { Format: 'report', Points: (await repo.stats(project.id)).count } });
  });
}
