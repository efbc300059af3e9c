import type { CodeList, LineworkReply } from '@smi/contracts';
import { buildLinework, type Shot } from '@smi/feature-codes';
import { livePoints, type Queryable } from '@smi/db';
import { gridFrameOf } from '../crs/grid-frame.js';
import { gridStore, loadProjectFrame, pointCoordinates } from '../crs/project-geodesy.js';
import { projectCodeList } from '../code-lists/shot-codes.js';
import { lineOrdersOf } from './line-orders.js';

interface ShotRow {
  id: string;
  name: string;
  code: string;
  latitude: number;
  longitude: number;
  ellipsoidal_height: number | null;
  altitude: number | null;
  geoid_separation: number | null;
  datum: string | null;
  recorded_at: Date;
}

/**
 * A project's linework, built whole from its points in the order they were measured (decision 057), or the order a
 * surveyor gave a line (decision 075), with its code list, in the grid every export uses (decision 039). Uncoded points are read too: a join may name one.
 * undefined when the project is not the owner's.
 */
export async function projectLinework(
  q: Queryable,
  gridsDir: string,
  ownerId: string,
  projectId: string,
): Promise<(Omit<LineworkReply, 'success'> & { list: CodeList; codeStrings: Set<string> }) | undefined> {
  const list = await projectCodeList(q, ownerId, projectId);
  if (!list) return undefined;
  // the distinct code strings the points carry (the layers a drawing of them needs), asked of the database first: a
  // project with no coded point has no linework, and its points (100,000 in a large job) need not be read at all
  const codeStrings = new Set(
    (await q.query<{ code: string }>(`SELECT DISTINCT p.code FROM ${livePoints('p')} WHERE p.project_id = $1 AND p.code <> ''`, [projectId])).map((r) => r.code),
  );
  if (!codeStrings.size) return { frame: null, lines: [], problems: [], list, codeStrings };
  const rows = await q.query<ShotRow>(
    `SELECT p.id, p.name, p.code, p.latitude, p.longitude, p.ellipsoidal_height, p.altitude, p.geoid_separation, p.recorded_at,
       (SELECT bs.datum FROM base_setups bs WHERE bs.id = p.base_setup_id) AS datum
     FROM ${livePoints('p')} WHERE p.project_id = $1 ORDER BY p.recorded_at, p.seq`,
    [projectId],
  );
  const g = await loadProjectFrame(q, projectId, gridStore(gridsDir));
  if (!g) return { frame: null, lines: [], problems: [], list, codeStrings };
  const shots: Shot[] = [];
  const where = new Map<string, { latitude: number; longitude: number; h: number | null }>();
  const problems: LineworkReply['problems'] = [];
  for (const r of rows) {
    const c = pointCoordinates(g, {
      latitude: r.latitude,
      longitude: r.longitude,
      ellipsoidalHeight: r.ellipsoidal_height,
      altitude: r.altitude,
      geoidSeparation: r.geoid_separation,
      datum: r.datum,
      recordedAt: new Date(r.recorded_at),
    });
    if (!c) {
      if (r.code) problems.push({ pointId: r.id, pointName: r.name, message: `${r.name || 'The point'} is outside the area of ${g.crsLabel}` });
      continue;
    }
    shots.push({ id: r.id, name: r.name, code: r.code, e: c.easting, n: c.northing, h: c.height ?? 0 });
    where.set(r.id, { latitude: r.latitude, longitude: r.longitude, h: c.height });
  }
  const built = buildLinework(shots, list, await lineOrdersOf(q, projectId));
  return {
    list,
    codeStrings,
    frame: gridFrameOf(g),
    lines: built.lines.map((l) => ({
      ...l,
      vertices: l.vertices.map((v) => {
        const p = where.get(v.pointId)!;
        return { pointId: v.pointId, e: v.e, n: v.n, h: p.h, bulge: v.bulge, latitude: p.latitude, longitude: p.longitude };
      }),
    })),
    problems: [...problems, ...built.problems],
  };
}
