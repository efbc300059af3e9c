import { Router } from 'express';
import { AUDIT_PAGE_DEFAULT, auditEndpoints as e, auditQuery, describeIssues, type AuditQuery } from '@smi/contracts';
import type { Request } from 'express';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';
import { csvField } from '../exports/tabular.js';
import { readAudit } from './audit-log.js';

function filterOf(req: Request): AuditQuery {
  const parsed = auditQuery.safeParse(req.query);
  if (!parsed.success) throw new AppError(400, describeIssues(parsed.error, 'query'));
  return parsed.data;
}

const CSV_COLUMNS = ['seq', 'at', 'user_id', 'user_name', 'action', 'object_kind', 'object_id', 'project_id', 'before', 'after'];

/** The current workspace's audit trail; its owner and admins only (`manage`, checked by mount with every route's permission). */
export function auditRoutes(deps: AppDeps): Router {
  const router = Router();
  const load = deps.sessions.userOf.bind(deps.sessions);

  mount(router, e.listAudit, load, async ({ user, req }) => {
    const filter = filterOf(req);
    const limit = filter.limit ?? AUDIT_PAGE_DEFAULT;
    // one more than the page tells whether an older page exists
    const rows = await readAudit(deps.db, user.workspace.id, filter, limit + 1);
    const entries = rows.slice(0, limit);
    return { success: true, entries, Next: rows.length > limit ? entries[entries.length - 1]!.Seq : null };
  });

  mount(router, e.downloadAudit, load, async ({ user, req, res }) => {
    const { before: _before, limit: _limit, ...filter } = filterOf(req);
    const rows = await readAudit(deps.db, user.workspace.id, filter);
    const json = (v: unknown) => (v === null ? null : JSON.stringify(v));
    const lines = [CSV_COLUMNS.join(',')];
    for (const r of rows) lines.push([r.Seq, r.At, r.UserId, r.UserName, r.Action, r.ObjectKind, r.ObjectId, r.ProjectId, json(r.Before), json(r.After)].map(csvField).join(','));
    res.status(200);
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', 'attachment; filename="audit-trail.csv"');
    res.send(`${lines.join('\r\n')}\r\n`);
  });

  return router;
}
