import { Router } from 'express';
import { describeIssues, POINT_NAME_MAX, samplingIntervalSeconds, stakeEndpoints as e, stakeGuidanceQuery, stakeStationsQuery, startOccupationBody } from '@smi/contracts';
import { pointAtStation, segmentsOf, stationPoints } from '@smi/design';
import { fromMetres, toMetres, UNIT_SYMBOL, type LinearUnit } from '@smi/geodesy';
import type { Db } from '@smi/db';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';
import { gridStore, loadProjectGeodesy, type ProjectGeodesy } from '../crs/project-geodesy.js';
import { designLineOf, designRepository } from '../design/repository.js';
import { occupationsRepository, toOccupationView } from '@smi/occupations';
import { placementOf } from '../occupations/record-preview.js';
import { resolveAntenna, settingsOf } from '../occupations/settings.js';
import { settingsOf as userSettingsOf } from '../user/settings-routes.js';
import { guide, stationLabel, TravelTracks, type StakeContext } from './guidance.js';
import { projectsRepository } from '../projects/repository.js';
import { startOccupation } from '../occupations/start.js';
import { stakeRecordsRepository, stakeRecordView, stakeReportCsv } from './records.js';
import { writeStakeReport } from './report-pdf.js';
import { ResponseSink } from '../exports/sink.js';

/**
 * How long a guidance context (project, base setup, CRS, design point, settings) is reused, ms: a rover polled at
 * 10 Hz costs the database one load a second, and a changed setup or design point is guided from within a second.
 */
const CONTEXT_TTL_MS = 1000;
const CONTEXT_MAX = 2000;

export const NO_GRID_MESSAGE = "Design coordinates are grid coordinates in the project's coordinate system: give the project a projected coordinate system first.";

/**
 * Everything guide() needs, checked as the current workspace's: another workspace's project or point answers 404.
 * The sampling interval (how old a fix may be) is the user's own setting.
 */
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
  let geodesy: ProjectGeodesy | null = null;
  const projected = async () => {
    geodesy ??= await loadProjectGeodesy(db, projectId, gridStore(gridsDir));
    if (!geodesy || geodesy.frame.unit === 'degree') throw new AppError(409, NO_GRID_MESSAGE);
    return geodesy;
  };
  const target = await loadStakeTarget(db, projectId, spec, async () => (await projected()).frame.unit as LinearUnit);
  const g = await projected();
  const settings = settingsOf(owned.measurement_settings);
  const [placement, user] = await Promise.all([placementOf(db, project), userSettingsOf(db, userId)]);
  return {
    geodesy: g,
    unit: g.frame.unit as LinearUnit,
    placement,
    antenna: resolveAntenna(settings.Antenna),
    stake: settings.Stake,
    samplingIntervalS: samplingIntervalSeconds(user.device.samplingInterval),
    ...target,
  };
}

/** Stake-out (decision 069): guidance computed here, from the same placed position an occupation stores. */
export function stakeRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps;
  const load = deps.sessions.userOf.bind(deps.sessions);
  const tracks = new TravelTracks();
  const contexts = new Map<string, { at: number; ctx: Promise<StakeContext> }>();

  const contextOf = (who: { workspaceId: string; userId: string }, projectId: string, spec: StakeTargetSpec): Promise<StakeContext> => {
    const key = `${who.workspaceId}/${who.userId}/${projectId}/${'pointId' in spec ? spec.pointId : `${spec.lineId}/${spec.station ?? ''}/${spec.offset ?? ''}`}`;
    const now = Date.now();
    const hit = contexts.get(key);
    if (hit && now - hit.at < CONTEXT_TTL_MS) return hit.ctx;
    if (contexts.size >= CONTEXT_MAX) for (const [k, v] of contexts) if (now - v.at >= CONTEXT_TTL_MS) contexts.delete(k);
    if (contexts.size >= CONTEXT_MAX) contexts.clear();
    const ctx = loadStakeContext(db, deps.config.gridsDir ?? '', who, projectId, spec);
    contexts.set(key, { at: now, ctx });
    // a refusal (404, 409) is not kept: the next poll asks again
    ctx.catch(() => contexts.delete(key));
    return ctx;
  };

  mount(router, e.stakeGuidance, load, async ({ user, params, req }) => {
    const parsed = stakeGuidanceQuery.safeParse(req.query);
    if (!parsed.success) throw new AppError(400, describeIssues(parsed.error, 'query'));
    const q = parsed.data;
    if (q.orientation === 'compass' && q.heading === undefined) throw new AppError(400, 'heading: the compass orientation needs the heading');
    const spec: StakeTargetSpec = q.pointId !== undefined ? { pointId: q.pointId } : { lineId: q.lineId!, station: q.station, offset: q.offset };
    const [ctx, device] = await Promise.all([contextOf({ workspaceId: user.workspace.id, userId: user.id }, params.projectId, spec), occupationsRepository.device(db, user.workspace.id, q.deviceId)]);
    if (!device) throw new AppError(404, 'Device not found');
    if (!deps.live) throw new AppError(503, 'Stake-out is not available: the gateway is not connected');
    const reading = await deps.live.latestReading(device.code);
    if (!reading) throw new AppError(409, 'The rover has not reported yet.');
    return guide(ctx, reading, Date.now(), { orientation: q.orientation, heading: q.heading, tracks });
  });

  mount(router, e.startStake, load, async ({ user, params, body, res }) => {
    const project = await occupationsRepository.project(db, user.workspace.id, params.projectId);
    if (!project) throw new AppError(404, 'Project not found');
    const spec: StakeTargetSpec = body.PointId !== undefined ? { pointId: body.PointId } : { lineId: body.LineId!, station: body.Station, offset: body.Offset };
    // a line's station is given in the project's unit: without a grid there is none (a design point needs none)
    const { target, line } = await loadStakeTarget(db, params.projectId, spec, async () => {
      const g = await loadProjectGeodesy(db, params.projectId, gridStore(deps.config.gridsDir ?? ''));
      if (!g || g.frame.unit === 'degree') throw new AppError(409, NO_GRID_MESSAGE);
      return g.frame.unit;
    });
    const stake = settingsOf(project.measurement_settings).Stake;
    const occupation = startOccupationBody.parse({ DeviceId: body.DeviceId, Method: stake.Method, Name: body.Name ?? `ST-${target.name}`.slice(0, POINT_NAME_MAX), Antenna: body.Antenna, ClientId: body.ClientId });
    const made = await startOccupation(deps, user, params.projectId, occupation, (q, row) =>
      stakeRecordsRepository.insert(q, {
        occupationId: row.id,
        projectId: params.projectId,
        designPointId: line ? null : target.id,
        name: target.name,
        e: target.e,
        n: target.n,
        h: target.h,
        toleranceH: stake.Horizontal,
        toleranceV: stake.Vertical,
        line: line && { id: line.id, station: line.station!, offset: line.offset, snapshot: { name: line.name, closed: line.geometry.closed, startStation: line.geometry.startStation, vertices: line.geometry.vertices } },
      }),
    );
    res.status(made.created ? 201 : 200);
    return { success: true, occupation: toOccupationView(made.row) };
  });

  mount(router, e.stakeStations, load, async ({ user, params, req }) => {
    const parsed = stakeStationsQuery.safeParse(req.query);
    if (!parsed.success) throw new AppError(400, describeIssues(parsed.error, 'query'));
    if (!(await projectsRepository.owned(db, user.workspace.id, params.projectId))) throw new AppError(404, 'Project not found');
    const g = await loadProjectGeodesy(db, params.projectId, gridStore(deps.config.gridsDir ?? ''));
    if (!g || g.frame.unit === 'degree') throw new AppError(409, NO_GRID_MESSAGE);
    const row = await designRepository.line(db, params.projectId, params.lineId);
    if (!row) throw new AppError(404, 'Design line not found');
    const unit = g.frame.unit;
    const q = parsed.data;
    const offsets = (q.offsets ?? '0').split(',').map((x) => toMetres(Number(x), unit));
    const geometry = designLineOf(row);
    const stations = stationPoints(geometry, { interval: toMetres(q.interval, unit), offsets, relative: q.relative === 'true', unit });
    if ('error' in stations) throw new AppError(400, `interval: ${stations.error}`);
    const u = (m: number) => fromMetres(m, unit);
    const segments = segmentsOf(geometry);
    const last = segments[segments.length - 1];
    return {
      success: true as const,
      unit,
      line: { id: row.id, name: row.name, startStation: u(row.start_station), endStation: u(last ? last.start + last.length : row.start_station) },
      stations: stations.map((s) => ({ name: s.name, station: u(s.station), offset: u(s.offset), easting: u(s.e), northing: u(s.n), elevation: s.h === null ? null : u(s.h) })),
    };
  });

  /** The workspace's project's records in its CRS (409 without a projected one: design coordinates are grid ones). */
  const records = async (workspaceId: string, projectId: string) => {
    if (!(await projectsRepository.owned(db, workspaceId, projectId))) throw new AppError(404, 'Project not found');
    const g = await loadProjectGeodesy(db, projectId, gridStore(deps.config.gridsDir ?? ''));
    if (!g || g.frame.unit === 'degree') throw new AppError(409, NO_GRID_MESSAGE);
    const unit = g.frame.unit;
    return { g, unit, records: (await stakeRecordsRepository.list(db, projectId)).map((r) => stakeRecordView(r, g, unit)) };
  };

  mount(router, e.listStakeRecords, load, async ({ user, params }) => {
    const r = await records(user.workspace.id, params.projectId);
    return { success: true as const, unit: r.unit, crs: r.g.crsLabel, height: r.g.labels.heightName, records: r.records };
  });

  mount(router, e.stakeReportCsv, load, async ({ user, params, res }) => {
    const r = await records(user.workspace.id, params.projectId);
    res.type('text/csv; charset=utf-8');
    res.attachment(`stake-report-epsg${r.g.labels.crsCode}.csv`);
    res.send(stakeReportCsv(r.records, UNIT_SYMBOL[r.unit].toLowerCase()));
    return undefined;
  });

  mount(router, e.stakeReportPdf, load, async ({ user, params, res }) => {
    const r = await records(user.workspace.id, params.projectId);
    const [project, design] = await Promise.all([projectsRepository.owned(db, user.workspace.id, params.projectId), designRepository.points(db, params.projectId)]);
    const u = (m: number) => fromMetres(m, r.unit);
    res.status(200);
    res.type('application/pdf');
    res.attachment(`stake-report-epsg${r.g.labels.crsCode}.pdf`);
    const sink = new ResponseSink(res);
    await writeStakeReport({
      sink,
      projectName: project!.name,
      geodesy: r.g,
      records: r.records,
      design: design.map((d) => ({ name: d.name, easting: u(d.easting), northing: u(d.northing) })),
      now: new Date(),
    });
    sink.end();
    return undefined;
  });

  return router;
}
