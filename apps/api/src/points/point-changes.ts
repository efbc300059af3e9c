import { LINE_MOVES, POINT_DELETED, POINT_PURGED, pointNameRetaken, pointNameTaken, type CodeList, type DeletedPointView, type LineEdit, type LineMoveEdit, type RecordPointBody, type ShotAttributes } from '@smi/contracts';
import { editLineOnShot, lineName, lineSequence, movedOnLine } from '@smi/feature-codes';
import { codedShotsOf, lineOrdersOf, saveLineOrder } from '../linework/line-orders.js';
import { pointSnapshot, type Db, type Queryable } from '@smi/db';
import { AppError } from '../http/errors.js';
import { projectsRepository } from '../projects/repository.js';
import { pointsRepository, toPointView, type PointRow, type Recorder, type TombstoneRow } from './repository.js';
import { checkedShotCode, projectCodeList, recordingCodeList } from '../code-lists/shot-codes.js';
import { writeAudit, type AuditActor } from '../audit/audit-log.js';

const actor = (ownerId: string, by: Recorder): AuditActor => ({ id: by.id, name: by.name, workspaceId: ownerId });

/** The point of a project, in a transaction that holds the project's lock; 404 when it is not there. */
async function pointIn(q: Queryable, projectId: string, pointId: string): Promise<PointRow> {
  const point = await pointsRepository.byId(q, pointId);
  if (!point || point.project_id !== projectId) throw new AppError(404, 'Point not found');
  return point;
}

/**
 * A point's new code string (a recode, or a line edited at it) checked against the project's code list, stored with
 * its attributes, audited with the code before and after, and the project touched: one path for every code change.
 */
async function storeCode(q: Queryable, ownerId: string, by: Recorder, point: PointRow, list: CodeList, code: string, attributes: ShotAttributes | undefined) {
  const coded = checkedShotCode(list, code, attributes, point.attributes);
  const changed = (await pointsRepository.setCode(q, point.project_id, point.id, coded.code, coded.attributes))!;
  await writeAudit(q, actor(ownerId, by), {
    action: 'point.recoded',
    objectKind: 'point',
    objectId: point.id,
    projectId: point.project_id,
    before: { Code: point.code, Attributes: point.attributes },
    after: { Code: changed.code, Attributes: changed.attributes },
  });
  await projectsRepository.touch(q, ownerId, point.project_id);
  return changed;
}

/**
 * Every point write runs in one transaction with its project row locked: the point, Total_Points, Last_Modified and
 * the project's sections change together or not at all, and the reply is sent only after the commit.
 */

async function lockProject(q: Queryable, ownerId: string, projectId: string) {
  const project = await projectsRepository.owned(q, ownerId, projectId, true);
  if (!project) throw new AppError(404, 'Project not found');
  return project;
}

/** The database's refusal of a second point of a name in a project (migration 085), as the user reads it. */
async function nameChecked<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505' && e.constraint === 'points_project_name_key') throw new AppError(409, pointNameTaken(name));
    throw err;
  }
}

/**
 * created: false when the ClientId was recorded before; the first point is answered and nothing is counted twice
 * (a retry is answered even though its name is now taken: by itself).
 */
export async function recordPoint(db: Db, ownerId: string, by: Recorder, body: RecordPointBody) {
  // a coded shot is read with its project's list first; an uncoded one costs nothing more
  let coded = { code: '', attributes: {} as PointRow['attributes'] };
  if (body.Code || Object.keys(body.Attributes).length) {
    const list = await recordingCodeList(db, ownerId, body.ProjectId);
    if (!list) throw new AppError(404, 'Project not found');
    coded = checkedShotCode(list, body.Code, body.Attributes);
  }
  const point = { ...body, Code: coded.code, Attributes: coded.attributes, Timestamp: body.Timestamp ?? new Date().toISOString() };
  // one statement: the point, its count in the project and its audit entry (decision 071)
  const { project, row } = await nameChecked(body.Name, () => pointsRepository.record(db, ownerId, by, point));
  if (!project) throw new AppError(404, 'Project not found');
  if (row) return { created: true, data: toPointView(row), project };
  const first = await pointsRepository.byClientId(db, body.ProjectId, body.ClientId!);
  // a late retry from another member's phone never brings a deleted point back (decision 072)
  if (!first || 'purged' in first) throw new AppError(409, POINT_PURGED);
  if (first.deleted_at) throw new AppError(409, POINT_DELETED);
  return { created: false, data: toPointView(first), project };
}

/** A point deleted stays restorable POINT_TOMBSTONE_DAYS days (decision 072): it leaves every list, its name is free. */
export async function deletePoint(db: Db, ownerId: string, by: Recorder, projectId: string, pointId: string) {
  await db.tx(async (q) => {
    await lockProject(q, ownerId, projectId);
    const point = await pointIn(q, projectId, pointId);
    const gone = await pointsRepository.remove(q, projectId, pointId, by);
    if (!gone) throw new AppError(404, 'Point not found');
    await writeAudit(q, actor(ownerId, by), {
      action: 'point.deleted',
      objectKind: 'point',
      objectId: pointId,
      projectId,
      before: pointSnapshot(point),
      after: tombstoneOf(gone),
    });
    await projectsRepository.update(q, ownerId, projectId, 'total_points = total_points - 1, points_revision = points_revision + 1');
  });
  return { success: true as const, message: 'Point deleted successfully' };
}

const tombstoneOf = (t: TombstoneRow) => ({
  DeletedAt: new Date(t.deleted_at).toISOString(),
  DeletedBy: { Id: t.deleted_by, Name: t.deleted_by_name },
  RestorableUntil: new Date(t.restorable_until).toISOString(),
});

export function toDeletedPointView(t: TombstoneRow): DeletedPointView {
  return { ...toPointView(t), ...tombstoneOf(t) };
}

/** The project's deleted points still restorable, the last deleted first (admins and the owner). */
export async function deletedPoints(db: Db, ownerId: string, projectId: string) {
  if (!(await projectsRepository.owned(db, ownerId, projectId))) throw new AppError(404, 'Project not found');
  return { success: true as const, points: (await pointsRepository.deleted(db, projectId)).map(toDeletedPointView) };
}

/**
 * Brings a deleted point back as it was (number, name, code, photos): counted in its project again. Refused (409)
 * while a live point has taken its name; a live point, a purged or another workspace's one is not found (404).
 */
export async function restorePoint(db: Db, ownerId: string, by: Recorder, projectId: string, pointId: string) {
  const row = await db.tx(async (q) => {
    await lockProject(q, ownerId, projectId);
    const tombstone = await pointsRepository.tombstone(q, projectId, pointId);
    if (!tombstone) {
      if (await pointsRepository.byId(q, pointId).then((p) => p?.project_id === projectId)) throw new AppError(409, 'This point is not deleted.');
      throw new AppError(404, 'Point not found');
    }
    let restored: PointRow | undefined;
    try {
      // the partial unique index refuses it while a live point has the name: the transaction rolls back, nothing written
      restored = await pointsRepository.restore(q, projectId, pointId);
    } catch (err) {
      const e = err as { code?: string; constraint?: string };
      if (e.code === '23505' && e.constraint === 'points_project_name_key') throw new AppError(409, pointNameRetaken(tombstone.name));
      throw err;
    }
    if (!restored) throw new AppError(404, 'Point not found');
    await writeAudit(q, actor(ownerId, by), {
      action: 'point.restored',
      objectKind: 'point',
      objectId: pointId,
      projectId,
      before: tombstoneOf(tombstone),
      after: pointSnapshot(restored),
    });
    await projectsRepository.update(
      q,
      ownerId,
      projectId,
      'total_points = total_points + 1, points_revision = points_revision + 1, sections = CASE WHEN $3::text = ANY(sections) THEN sections ELSE array_append(sections, $3::text) END',
      [restored.section],
    );
    return restored;
  });
  return { success: true as const, message: 'Point restored successfully', data: toPointView(row) };
}

/**
 * Removes for good the points deleted more than POINT_TOMBSTONE_DAYS days before `now` (the clock is the caller's:
 * the periodic job passes the time, a test any time it likes), then their photos' files. Returns how many went.
 */
export async function purgeDeletedPoints(db: Db, photos: { sweep(): Promise<number> }, now: Date = new Date()): Promise<number> {
  const purged = await pointsRepository.purge(db, now);
  if (purged) await photos.sweep();
  return purged;
}

/** A new code string (and attributes, else those it keeps): read with the project's list, as a new shot's is. */
export async function recodePoint(db: Db, ownerId: string, by: Recorder, projectId: string, pointId: string, code: string, attributes: ShotAttributes | undefined) {
  const row = await db.tx(async (q) => {
    await lockProject(q, ownerId, projectId);
    const point = await pointIn(q, projectId, pointId);
    const list = (await projectCodeList(q, ownerId, projectId))!;
    return storeCode(q, ownerId, by, point, list, code, attributes);
  });
  return { success: true as const, message: 'Point code changed', data: toPointView(row) };
}

/**
 * An edit of a line at a point (decision 068): the point's code string rewritten by the feature codes' own reading
 * of it, then stored as a recode is (the values of the codes it keeps stay), under the same lock. Moving the point
 * earlier or later along the line keeps the line's new order instead (decision 075).
 */
export async function editPointLine(db: Db, ownerId: string, by: Recorder, projectId: string, pointId: string, line: string, edit: LineEdit) {
  const row = await db.tx(async (q) => {
    await lockProject(q, ownerId, projectId);
    const point = await pointIn(q, projectId, pointId);
    const list = (await projectCodeList(q, ownerId, projectId))!;
    if (isMove(edit)) return movePointOnLine(q, ownerId, by, point, list, line, edit);
    const edited = editLineOnShot(point.code, list, line, edit);
    if (!edited.ok) throw new AppError(400, `Line: ${edited.error}`);
    return storeCode(q, ownerId, by, point, list, edited.code, undefined);
  });
  return { success: true as const, message: 'Line changed', data: toPointView(row) };
}

const isMove = (edit: LineEdit): edit is LineMoveEdit => (LINE_MOVES as readonly LineEdit[]).includes(edit);

/** The point swapped with its neighbour on the line, in the order the linework draws it; the whole order is kept. */
async function movePointOnLine(q: Queryable, ownerId: string, by: Recorder, point: PointRow, list: CodeList, line: string, move: LineMoveEdit) {
  const name = lineName(line, list);
  if (!name) throw new AppError(400, `Line: "${line}" is not a line or polygon code of the list`);
  const orders = await lineOrdersOf(q, point.project_id);
  const sequence = lineSequence(await codedShotsOf(q, point.project_id), list, name, orders.get(name));
  const moved = movedOnLine(sequence, point.id, move, name);
  if (!moved.ok) throw new AppError(400, `Line: ${moved.error}`);
  await saveLineOrder(q, point.project_id, name, moved.order);
  await writeAudit(q, actor(ownerId, by), {
    action: 'line.reordered',
    objectKind: 'point',
    objectId: point.id,
    projectId: point.project_id,
    before: { Line: name, Points: sequence.map((s) => s.id) },
    after: { Line: name, Points: moved.order, Moved: move },
  });
  await projectsRepository.touch(q, ownerId, point.project_id);
  return point;
}

export async function setPointNote(db: Db, ownerId: string, by: Recorder, projectId: string, pointId: string, note: string) {
  const row = await db.tx(async (q) => {
    await lockProject(q, ownerId, projectId);
    const point = await pointIn(q, projectId, pointId);
    const changed = await pointsRepository.setNote(q, projectId, pointId, note);
    if (!changed) throw new AppError(404, 'Point not found');
    await writeAudit(q, actor(ownerId, by), { action: 'point.noted', objectKind: 'point', objectId: pointId, projectId, before: { Note: point.note }, after: { Note: changed.note } });
    await projectsRepository.touch(q, ownerId, projectId);
    return changed;
  });
  return { success: true as const, message: 'Note saved', data: toPointView(row) };
}

export async function renamePoint(db: Db, ownerId: string, by: Recorder, projectId: string, pointId: string, name: string) {
  const row = await nameChecked(name, () =>
    db.tx(async (q) => {
      await lockProject(q, ownerId, projectId);
      const point = await pointIn(q, projectId, pointId);
      const renamed = await pointsRepository.rename(q, projectId, pointId, name);
      if (!renamed) throw new AppError(404, 'Point not found');
      await writeAudit(q, actor(ownerId, by), { action: 'point.renamed', objectKind: 'point', objectId: pointId, projectId, before: { Name: point.name }, after: { Name: renamed.name } });
      await projectsRepository.touch(q, ownerId, projectId);
      return renamed;
    }),
  );
  return { success: true as const, message: 'Point renamed successfully', data: toPointView(row) };
}
