import { samplingIntervalSeconds } from '@smi/contracts';
import { pointAtStation } from '@smi/design';
import { toMetres, type LinearUnit } from '@smi/geodesy';
import type { Db } from '@smi/db';
import { occupationsRepository } from '@smi/occupations';
import { AppError } from '../http/errors.js';
import { gridStore, loadProjectGeodesy, type ProjectGeodesy } from '../crs/project-geodesy.js';
import { designLineOf, designRepository } from '../design/repository.js';
import { placementOf } from '../occupations/record-preview.js';
import { resolveAntenna, settingsOf } from '../occupations/settings.js';
import { settingsOf as userSettingsOf } from '../user/settings.js';
import { stationLabel, type StakeContext } from './guidance.js';

export const NO_GRID_MESSAGE = "Design coordinates are grid coordinates in the project's coordinate system: give the project a projected coordinate system first.";

/**
 * How long a guidance context (project, base setup, CRS, design point, settings) is reused, ms: a rover guided at
 * 10 Hz costs the database one load a second, and a changed setup or design point is guided from within a second.
 */
export const CONTEXT_TTL_MS = 1000;
const CONTEXT_MAX = 2000;

/** The project's geodesy when its coordinate system is a projected one; 409 otherwise (design coordinates are grid ones). */
export async function projectedGeodesy(db: Db, projectId: string, gridsDir: string): Promise<ProjectGeodesy & { frame: { unit: LinearUnit } }> {
  const g = await loadProjectGeodesy(db, projectId, gridStore(gridsDir));
  if (!g || g.frame.unit === 'degree') throw new AppError(409, NO_GRID_MESSAGE);
  return g as ProjectGeodesy & { frame: { unit: LinearUnit } };
}

/** What is staked: a design point, or a design line (at a station and offset, or onto it). */
export type StakeTargetSpec = { pointId: string } | { lineId: string; station?: number; offset?: number };

/**
 * The target as staked against, checked as the project's (a point or line of another project is missing): a design
 * point as it is, or a line's point at a station and offset (decision 080), or the line's start when staking onto it.
 */
export async function loadStakeTarget(db: Db, projectId: string, spec: StakeTargetSpec, unitOf: () => Promise<LinearUnit>): Promise<Pick<StakeContext, 'target' | 'line'>> {
  if ('pointId' in spec) {
    const point = await designRepository.point(db, projectId, spec.pointId);
    if (!point) throw new AppError(404, 'Design point not found');
    return { target: { id: point.id, name: point.name, e: point.easting, n: point.northing, h: point.elevation } };
  }
  const row = await designRepository.line(db, projectId, spec.lineId);
  if (!row) throw new AppError(404, 'Design line not found');
  // the station and offset are in the project's unit: asked for once the line is known to be there
  const unit = await unitOf();
  const geometry = designLineOf(row);
  const station = spec.station === undefined ? null : toMetres(spec.station, unit);
  const offset = toMetres(spec.offset ?? 0, unit);
  const at = pointAtStation(geometry, station ?? row.start_station, station === null ? 0 : offset);
  if (!at) throw new AppError(400, station === null ? 'The design line has no length: there is nothing to stake along it.' : 'station: the line is closed and this station is not on it');
  const name = row.name || 'Line';
  return {
    target: { id: row.id, name: `${name} ${stationLabel(station ?? row.start_station, station === null ? 0 : offset, unit)}`, ...at },
    line: { id: row.id, name, geometry, station, offset },
  };
}

/**
 * Everything guide() needs, checked as the current workspace's: another workspace's project or point answers 404.
 * The sampling interval (how old a fix may be) is the user's own setting.
 */
export async function loadStakeContext(db: Db, gridsDir: string, who: { workspaceId: string; userId: string }, projectId: string, spec: StakeTargetSpec): Promise<StakeContext> {
  const { workspaceId, userId } = who;
  const [project, owned] = await Promise.all([occupationsRepository.projectBase(db, workspaceId, projectId), occupationsRepository.project(db, workspaceId, projectId)]);
  if (!project || !owned) throw new AppError(404, 'Project not found');
  // a missing target is a 404 before a missing grid is a 409
  let geodesy: Promise<ProjectGeodesy & { frame: { unit: LinearUnit } }> | null = null;
  const projected = () => (geodesy ??= projectedGeodesy(db, projectId, gridsDir));
  const target = await loadStakeTarget(db, projectId, spec, async () => (await projected()).frame.unit);
  const g = await projected();
  const settings = settingsOf(owned.measurement_settings);
  const [placement, user] = await Promise.all([placementOf(db, project), userSettingsOf(db, userId)]);
  return {
    geodesy: g,
    unit: g.frame.unit,
    placement,
    antenna: resolveAntenna(settings.Antenna),
    stake: settings.Stake,
    samplingIntervalS: samplingIntervalSeconds(user.device.samplingInterval),
    ...target,
  };
}

export interface LoadedStakeContext {
  /** when it was loaded (ms since the epoch) */
  at: number;
  ctx: StakeContext;
}

/**
 * Guidance contexts, each reused for a second, shared by the guidance route and the pushed guidance of one process:
 * a phone that polls and a socket that watches the same target cost one load a second between them, and two watches
 * of one target falling due together load it once. A refusal (404, 409) is not kept: the next reading asks again.
 */
export class StakeContexts {
  private readonly entries = new Map<string, Promise<LoadedStakeContext>>();
  private readonly loadedAt = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly gridsDir: string,
    private readonly now: () => number = Date.now,
  ) {}

  of(who: { workspaceId: string; userId: string }, projectId: string, spec: StakeTargetSpec): Promise<LoadedStakeContext> {
    const key = `${who.workspaceId}/${who.userId}/${projectId}/${'pointId' in spec ? spec.pointId : `${spec.lineId}/${spec.station ?? ''}/${spec.offset ?? ''}`}`;
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && now - (this.loadedAt.get(key) ?? now) < CONTEXT_TTL_MS) return hit;
    if (this.entries.size >= CONTEXT_MAX) this.prune(now);
    const loading = loadStakeContext(this.db, this.gridsDir, who, projectId, spec).then((ctx) => ({ at: now, ctx }));
    this.entries.set(key, loading);
    this.loadedAt.set(key, now);
    loading.catch(() => {
      if (this.entries.get(key) !== loading) return;
      this.entries.delete(key);
      this.loadedAt.delete(key);
    });
    return loading;
  }

  private prune(now: number) {
    for (const [k, at] of this.loadedAt)
      if (now - at >= CONTEXT_TTL_MS) {
        this.loadedAt.delete(k);
        this.entries.delete(k);
      }
    if (this.entries.size < CONTEXT_MAX) return;
    this.entries.clear();
    this.loadedAt.clear();
  }
}

const perDatabase = new WeakMap<Db, StakeContexts>();
/** The one context cache of a database in this process. */
export function stakeContexts(db: Db, gridsDir: string): StakeContexts {
  let c = perDatabase.get(db);
  if (!c) perDatabase.set(db, (c = new StakeContexts(db, gridsDir)));
  return c;
}
