import type { KnownBaseBody, KnownBaseReply } from '@smi/contracts';
import { livePoints, type Db, type Queryable } from '@smi/db';
import { markEllipsoidalHeight, markToArp, positionFromProject, type GridStore } from '@smi/geodesy';
import { loadProjectFrame } from '../crs/project-geodesy.js';
import { AppError } from '../http/errors.js';
import { resolveAntenna, setupOf } from '../occupations/settings.js';
import { projectsRepository } from '../projects/repository.js';
import { supersede, targetAt } from './recompute.js';
import type { AuditActor } from '../audit/audit-log.js';
import { baseSetupsRepository, toBaseSetupView, type BaseSetupRow } from '@smi/base-setups';
import { setupInForce } from './setups.js';

interface Mark {
  latitude: number;
  longitude: number;
  /** ellipsoidal, metres; null: not given (the setup keeps its height) */
  height: number | null;
}

/** A dry run's answer, carried out of the transaction it rolls back. */
class Preview {
  constructor(readonly reply: Omit<KnownBaseReply, 'project'> & { projectId: string }) {}
}

/** The mark as typed, from the project's grid (the exports' own frame, inverted), or from a stored point. */
async function markOf(q: Queryable, grids: GridStore, projectId: string, b: KnownBaseBody, current: BaseSetupRow | undefined): Promise<Mark> {
  if (b.Latitude !== undefined && b.Longitude !== undefined) return { latitude: b.Latitude, longitude: b.Longitude, height: b.Height ?? null };
  if (b.PointId !== undefined) {
    const [p] = await q.query<{ latitude: number; longitude: number; ellipsoidal_height: number | null; altitude: number | null; geoid_separation: number | null }>(
      `SELECT latitude, longitude, ellipsoidal_height, altitude, geoid_separation FROM ${livePoints()} WHERE id = $1 AND project_id = $2`,
      [b.PointId, projectId],
    );
    if (!p) throw new AppError(404, 'Point not found');
    const height = markEllipsoidalHeight({ ellipsoidalHeight: p.ellipsoidal_height, altitude: p.altitude, geoidSeparation: p.geoid_separation });
    return { latitude: p.latitude, longitude: p.longitude, height };
  }
  const at = current ? { latitude: current.latitude, longitude: current.longitude } : undefined;
  const g = await loadProjectFrame(q, projectId, grids, at);
  if (!g) throw new AppError(400, 'The project has no coordinate system yet (and no point or base to take one from): give the mark as latitude and longitude');
  const solved = positionFromProject(g.frame, { easting: b.Easting!, northing: b.Northing!, height: b.Elevation ?? null }, {
    inverse: g.transform.inverse,
    datum: current?.datum ?? null,
    heightGuess: current?.height,
  });
  if (!solved) throw new AppError(400, `Easting ${b.Easting}, Northing ${b.Northing} is outside ${g.crsLabel}`);
  return { latitude: solved.latitude, longitude: solved.longitude, height: solved.ellipsoidalHeight };
}

const sameSetup = (s: BaseSetupRow, t: { latitude: number; longitude: number; height: number; antennaHeight: number | null; source: string }) =>
  s.latitude === t.latitude && s.longitude === t.longitude && s.height === t.height && s.antenna_height === t.antennaHeight && s.source === t.source;

/**
 * The base set over a known mark (decision 042), in one transaction: the project's Known Position becomes the mark,
 * and the base setup in force moves to the mark's antenna reference point, re-computing every point measured from
 * it (decision 023); with no setup yet one is opened there. A dry run does all of it and rolls it back, so the
 * preview the page asks about is what the same code would do.
 */
export async function setKnownBase(db: Db, grids: GridStore, ownerId: string, by: AuditActor, projectId: string, b: KnownBaseBody): Promise<KnownBaseReply> {
  let reply: Preview['reply'];
  try {
    reply = await db.tx(async (q) => {
      const project = await projectsRepository.owned(q, ownerId, projectId, true);
      if (!project) throw new AppError(404, 'Project not found');
      const existing = await baseSetupsRepository.currentOf(q, projectId, true);
      const mark = await markOf(q, grids, projectId, b, existing);
      const arpUp = b.Antenna ? markToArp(setupOf(resolveAntenna(b.Antenna))) : null;
      await q.query("UPDATE projects SET base_mode = 'known', base_latitude = $2, base_longitude = $3, last_modified = now() WHERE id = $1", [projectId, mark.latitude, mark.longitude]);
      const source = b.PointId ? ('control' as const) : ('known' as const);
      let setup: BaseSetupRow | undefined;
      let recomputed: KnownBaseReply['recomputed'] = null;
      const arpHeight = (current?: BaseSetupRow) => (mark.height === null ? (current?.height ?? null) : mark.height + (arpUp ?? current?.antenna_height ?? 0));
      if (!existing && mark.height !== null && project.base_station_id) {
        // the first setup of the project, at the typed height (not the broadcast position's)
        const t = targetAt(mark.latitude, mark.longitude, arpHeight()!, { source, antennaHeight: arpUp ?? 0 });
        setup = await baseSetupsRepository.insert(q, { ...t, projectId, baseDeviceId: project.base_station_id, createdBy: ownerId });
      } else {
        const current = existing ?? (await setupInForce(q, { ...project, base_mode: 'known', base_latitude: mark.latitude, base_longitude: mark.longitude }, by.id));
        setup = current;
        if (current) {
          const t = targetAt(mark.latitude, mark.longitude, arpHeight(current)!, { source, antennaHeight: arpUp ?? current.antenna_height, datum: current.datum });
          if (!sameSetup(current, t)) ({ setup, recomputed } = await supersede(q, current, t, { userId: by.id, reason: source === 'control' ? 'base set over a control point' : 'known position typed', by }));
        }
      }
      const out: Preview['reply'] = {
        success: true,
        message: recomputed?.Message ?? 'Project base locations updated successfully',
        DryRun: b.DryRun,
        Mark: { Latitude: mark.latitude, Longitude: mark.longitude, Height: mark.height },
        Base: { Latitude: mark.latitude, Longitude: mark.longitude, Height: setup ? setup.height : arpHeight() },
        recomputed,
        setup: setup && !b.DryRun ? toBaseSetupView(setup) : null,
        projectId,
      };
      if (b.DryRun) throw new Preview(out);
      return out;
    });
  } catch (e) {
    if (!(e instanceof Preview)) throw e;
    reply = e.reply;
  }
  const { projectId: _, ...rest } = reply;
  const row = await projectsRepository.owned(db, ownerId, projectId);
  if (!row) throw new AppError(404, 'Project not found');
  const [project] = await projectsRepository.views(db, [row]);
  return { ...rest, project: project! };
}
