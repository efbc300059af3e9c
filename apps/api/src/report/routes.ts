import type { Router } from 'express';
import { reportEndpoints } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { notFound } from '../http/errors.js';
import { mount } from '../http/route.js';
import { asciiFileStem, safeFileStem } from '../exports/file-name.js';
import { ResponseSink } from '../exports/sink.js';
import { reportData } from './report-data.js';
import { writeSurveyReport } from './survey-report.js';

/** GET /api/export/report/:projectId, mounted before /api/export/:format/:projectId, which would take 'report'. */
export function mountReport(router: Router, deps: AppDeps): void {
  const data = reportData(deps.db);
  mount(router, reportEndpoints.exportReport, deps.sessions.userOf.bind(deps.sessions), async ({ user, params, res }) => {
    const project = await data.project(user.id, params.projectId);
    if (!project) throw notFound('Project not found');
    res.status(200);
    res.set('Content-Type', 'application/pdf');
    const stem = safeFileStem(project.name);
    const ascii = asciiFileStem(stem);
    const header = `attachment; filename="${ascii}-report.pdf"`;
    res.set('Content-Disposition', ascii === stem ? header : `${header}; filename*=UTF-8''${encodeURIComponent(`${stem}-report.pdf`)}`);
    const sink = new ResponseSink(res);
    await writeSurveyReport({ sink, data, projectId: project.id, ownerId: user.id, now: new Date() });
    sink.end();
  });
}
