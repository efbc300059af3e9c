import { Router } from 'express';
import { describeIssues, pointChangesQuery, pointEndpoints as e } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';
import { projectsRepository } from '../projects/repository.js';
import { deletedPoints, deletePoint, editPointLine, recodePoint, recordPoint, renamePoint, restorePoint, setPointNote } from './point-changes.js';
import { createListCache } from './list-cache.js';
import { attachToSetup, attaches } from '../base-setups/setups.js';
import { pointsRepository, toPointView } from './repository.js';
import { photosOfPoints } from '../photos/repository.js';
import { pointChangesSince } from './changes.js';

export function pointRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions } = deps;
  const load = sessions.userOf.bind(sessions);
  const lists = createListCache();
  /**
   * every point change may move, join or break a line: the owner's maps ask for the linework again; and the project's
   * watchers are pushed the change (decision 073)
   */
  const changed = <T>(userId: string, projectId: string, reply: T): T => {
    deps.events.emit('lineworkChanged', userId, projectId);
    deps.events.emit('pointsChanged', projectId);
    return reply;
  };

  mount(router, e.listPoints, load, async ({ user, params, req, res }) => {
    const revision = await projectsRepository.pointsRevision(db, user.workspace.id, params.projectId);
    if (revision === undefined) throw new AppError(404, 'Project not found');
    const list = await lists.get(params.projectId, revision, async () => {
      const [rows, photos] = await Promise.all([pointsRepository.list(db, params.projectId), photosOfPoints(db, params.projectId)]);
      return { success: true, points: rows.map((r) => ({ ...toPointView(r), Photos: photos.get(r.id) ?? [] })) };
    });
    // a 10,000-point list is ~4 MB of JSON and ~10x smaller gzipped: a phone in the field gets the small one
    const gzipped = req.acceptsEncodings('gzip', 'identity') === 'gzip';
    res.set({ 'Content-Type': 'application/json; charset=utf-8', ETag: list.etag, Vary: 'Accept-Encoding' });
    if (gzipped) res.set('Content-Encoding', 'gzip');
    res.send(gzipped ? await lists.gzipOf(list) : list.json);
  });

  mount(router, e.recordPoint, load, async ({ user, body, res }) => {
    const { created, data, project } = await recordPoint(db, user.workspace.id, { id: user.id, name: user.name }, body);
    res.status(created ? 201 : 200);
    if (created) changed(user.workspace.id, body.ProjectId, null);
    if (!created || !attaches(project, body.BaseCorrection)) return { success: true, message: 'Point recorded successfully.', data };
    // decision 023: a point taken against a base that broadcasts its position is stored as a vector from it
    const attached = await attachToSetup(db, user.workspace.id, user.id, data._id, body.ProjectId, body.BaseCorrection);
    return { success: true, message: 'Point recorded successfully.', data: attached ? toPointView(attached) : data };
  });

  // a deleted point keeps its photos until it is purged (decision 072)
  mount(router, e.deletePoint, load, async ({ user, params }) => changed(user.workspace.id, params.projectId, await deletePoint(db, user.workspace.id, user, params.projectId, params.pointId)));
  mount(router, e.listDeletedPoints, load, ({ user, params }) => deletedPoints(db, user.workspace.id, params.projectId));
  mount(router, e.restorePoint, load, async ({ user, params }) => changed(user.workspace.id, params.projectId, await restorePoint(db, user.workspace.id, user, params.projectId, params.pointId)));
  mount(router, e.renamePoint, load, async ({ user, params, body }) => changed(user.workspace.id, params.projectId, await renamePoint(db, user.workspace.id, user, params.projectId, params.pointId, body.Name)));
  mount(router, e.recodePoint, load, async ({ user, params, body }) =>
    changed(user.workspace.id, params.projectId, await recodePoint(db, user.workspace.id, user, params.projectId, params.pointId, body.Code, body.Attributes)),
  );
  mount(router, e.editPointLine, load, async ({ user, params, body }) =>
    changed(user.workspace.id, params.projectId, await editPointLine(db, user.workspace.id, user, params.projectId, params.pointId, body.Line, body.Edit)),
  );
  mount(router, e.setPointNote, load, async ({ user, params, body }) => {
    const reply = await setPointNote(db, user.workspace.id, user, params.projectId, params.pointId, body.Note);
    deps.events.emit('pointsChanged', params.projectId);
    return reply;
  });

  mount(router, e.pointChanges, load, async ({ user, params, req }) => {
    const query = pointChangesQuery.safeParse(req.query);
    if (!query.success) throw new AppError(400, describeIssues(query.error, 'query'));
    const since = query.data.since === undefined ? undefined : Number(query.data.since);
    const feed = await pointChangesSince(db, user.workspace.id, params.projectId, since);
    if (!feed) throw new AppError(404, 'Project not found');
    return { success: true, Cursor: feed.cursor, Changes: feed.changes };
  });
  return router;
}
