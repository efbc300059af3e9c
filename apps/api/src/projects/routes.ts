import { Router } from 'express';
import { actorOf, writeAudit } from '../audit/audit-log.js';
import { LIMITS, projectEndpoints as e } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';
import { createProject } from './create-project.js';
import { endSetup, knownPositionTyped } from '../base-setups/setups.js';
import { addSection, removeSection, setBaseLocation, setBaseMode, setStatus } from './project-settings.js';
import { projectsRepository } from './repository.js';

export function projectRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions } = deps;
  const load = sessions.userOf.bind(sessions);
  const listOf = async (ownerId: string, limit: number | null) => projectsRepository.views(db, await projectsRepository.list(db, ownerId, limit));

  mount(router, e.recentProjects, load, async ({ user }) => ({ success: true, projects: await listOf(user.workspace.id, LIMITS.recentProjects) }));
  mount(router, e.userProjects, load, async ({ user }) => ({ success: true, projects: await listOf(user.workspace.id, null) }));

  mount(router, e.createProject, load, async ({ user, body, res }) => {
    const reply = await createProject(db, user, body);
    res.status(201);
    return reply;
  });

  mount(router, e.getProject, load, async ({ user, params }) => {
    const row = await projectsRepository.owned(db, user.workspace.id, params.id);
    if (!row) throw new AppError(404, 'Project not found');
    const [project] = await projectsRepository.views(db, [row]);
    return { success: true, message: 'Project found', project };
  });

  mount(router, e.deleteProject, load, async ({ user, params }) => {
    await db.tx(async (q) => {
      const project = await projectsRepository.owned(q, user.workspace.id, params.id, true);
      if (!project || !(await projectsRepository.remove(q, user.workspace.id, params.id))) throw new AppError(404, 'Project not found');
      await writeAudit(q, actorOf(user), { action: 'project.deleted', objectKind: 'project', objectId: params.id, projectId: params.id, before: { Name: project.name, TotalPoints: project.total_points } });
    });
    // its points' photos went with it; their files go now (decision 067)
    await deps.photos.sweep();
    // its rovers' and credentials' pulls of it end, and credentials limited to it went with it
    deps.events.emit('ntripAccessChanged', user.workspace.id);
    return { success: true, message: 'Project deleted successfully' };
  });

  mount(router, e.setProjectStatus, load, async ({ user, params, body }) => {
    const reply = await setStatus(db, user.workspace.id, params.id, body.Status);
    // rovers pull the bases of Active projects only
    deps.events.emit('ntripAccessChanged', user.workspace.id);
    return reply;
  });
  mount(router, e.addSection, load, ({ user, params, body }) => addSection(db, user.workspace.id, params.id, body.sectionName));
  mount(router, e.removeSection, load, ({ user, params, body }) => removeSection(db, user.workspace.id, params.id, body.sectionName));
  mount(router, e.setBaseMode, load, async ({ user, params, body }) => {
    const reply = await setBaseMode(db, user.workspace.id, params.id, body.baseMode);
    // Auto Fix ends the base setup in force (the next one comes from the base's broadcast position)
    if (body.baseMode === 'auto') await endSetup(db, params.id);
    return reply;
  });
  mount(router, e.setBaseLocation, load, async ({ user, params, body }) => {
    const reply = await setBaseLocation(db, user.workspace.id, params.id, body);
    // the typed position also corrects the base setup in force and re-computes its points; the reply gains their
    // count beside its usual fields (decision 023)
    const done = await knownPositionTyped(db, user.workspace.id, params.id, body.baseLatitude, body.baseLongitude);
    // re-computed points move the project's linework: the owner's maps ask for it again
    if (done?.recomputed) deps.events.emit('lineworkChanged', user.workspace.id, params.id);
    return done ? { ...reply, recomputed: done.recomputed, baseSetupId: done.setup.id } : reply;
  });
  return router;
}
