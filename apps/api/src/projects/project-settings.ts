import { AUTO_MODE_LOCATION_MESSAGE, LIMITS, type BaseMode, type ProjectStatus } from '@smi/contracts';
import type { Db, Queryable } from '@smi/db';
import { AppError } from '../http/errors.js';
import { projectsRepository, type ProjectRow } from './repository.js';

/** The changes of a project's own fields: status, sections, base mode and base position. Each stamps Last_Modified. */

const notFound = () => new AppError(404, 'Project not found');

async function viewOf(q: Queryable, row: ProjectRow | undefined) {
  if (!row) throw notFound();
  const [project] = await projectsRepository.views(q, [row]);
  return project!;
}

export async function setStatus(db: Db, ownerId: string, id: string, status: ProjectStatus) {
  const row = await projectsRepository.update(db, ownerId, id, 'status = $3', [status]);
  return { success: true as const, message: 'Project status updated successfully', project: await viewOf(db, row) };
}

export async function addSection(db: Db, ownerId: string, id: string, name: string) {
  // one statement: two adds of the same name at once leave it there once
  const row = await projectsRepository.update(db, ownerId, id, 'sections = array_append(sections, $3)', [name], 'AND NOT ($3 = ANY(sections))');
  if (!row) {
    if (await projectsRepository.owned(db, ownerId, id)) throw new AppError(409, 'Section already exists');
    throw notFound();
  }
  return { success: true as const, message: 'Project sections updated successfully', Sections: row.sections };
}

/** Removes a section from the project's list; its points keep their section name (docs/decisions on sections). */
export async function removeSection(db: Db, ownerId: string, id: string, name: string) {
  if (name === LIMITS.defaultSection) {
    // the owner check still comes first: another account's project must answer 404, not reveal this rule
    if (!(await projectsRepository.owned(db, ownerId, id))) throw notFound();
    throw new AppError(400, "The 'default' section cannot be removed");
  }
  const row = await projectsRepository.update(db, ownerId, id, 'sections = array_remove(sections, $3)', [name], 'AND $3 = ANY(sections)');
  if (!row) {
    if (await projectsRepository.owned(db, ownerId, id)) throw new AppError(404, 'Section not found');
    throw notFound();
  }
  return { success: true as const, message: 'Section removed successfully', Sections: row.sections };
}

/** Auto Fix takes the base position from the live base, so a stored known position is cleared. */
export async function setBaseMode(db: Db, ownerId: string, id: string, mode: BaseMode) {
  const set = mode === 'auto' ? 'base_mode = $3, base_latitude = NULL, base_longitude = NULL' : 'base_mode = $3';
  const row = await projectsRepository.update(db, ownerId, id, set, [mode]);
  return { success: true as const, message: 'Project base mode updated successfully', project: await viewOf(db, row) };
}

export async function setBaseLocation(db: Db, ownerId: string, id: string, b: { baseLatitude: number; baseLongitude: number; baseMode?: BaseMode }) {
  if (b.baseMode === 'auto') {
    if (!(await projectsRepository.owned(db, ownerId, id))) throw notFound();
    throw new AppError(400, AUTO_MODE_LOCATION_MESSAGE);
  }
  // the mode check is in the UPDATE itself, so a concurrent switch to auto cannot be overwritten with coordinates
  const where = b.baseMode === 'known' ? '' : "AND base_mode = 'known'";
  const set = "base_mode = 'known', base_latitude = $3, base_longitude = $4";
  const row = await projectsRepository.update(db, ownerId, id, set, [b.baseLatitude, b.baseLongitude], where);
  if (!row) {
    if (await projectsRepository.owned(db, ownerId, id)) throw new AppError(400, AUTO_MODE_LOCATION_MESSAGE);
    throw notFound();
  }
  return { success: true as const, message: 'Project base locations updated successfully', project: await viewOf(db, row) };
}
