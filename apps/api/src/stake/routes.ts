import { Router } from 'express';
import { describeIssues, POINT_NAME_MAX, stakeEndpoints as e, stakeGuidanceQuery, stakeStationsQuery, startOccupationBody } from '@smi/contracts';
import { segmentsOf, stationPoints } from '@smi/design';
import { fromMetres, toMetres, UNIT_SYMBOL } from '@smi/geodesy';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../http/errors.js';
import { mount } from '../http/route.js';
import { designLineOf, designRepository } from '../design/repository.js';
import { occupationsRepository, toOccupationView } from '@smi/occupations';
import { settingsOf } from '../occupations/settings.js';
import { guide, TravelTracks } from './guidance.js';
import { loadStakeTarget, projectedGeodesy, stakeContexts, type StakeTargetSpec } from './context.js';
import { projectsRepository } from '../projects/repository.js';
import { startOccupation } from '../occupations/start.js';
import { stakeRecordsRepository, stakeRecordView, stakeReportCsv } from './records.js';
import { writeStakeReport } from './report-pdf.js';
import { ResponseSink } from '../exports/sink.js';

/** Stake-out (decision 069): guidance computed here, from the same placed position an occupation stores. */
export function stakeRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps;
  const load = deps.sessions.userOf.bind(deps.sessions);
  const tracks = new TravelTracks();
  const contexts = stakeContexts(db, deps.config.gridsDir ?? '');
  const contextOf = async (who: { workspaceId: string; userId: string }, projectId: string, spec: StakeTargetSpec) => (await contexts.of(who, projectId, spec)).ctx;

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
    const { target, line } = await loadStakeTarget(db, params.projectId, spec, async () => (await projectedGeodesy(db, params.projectId, deps.config.gridsDir ?? '')).frame.unit);
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
    const g = await projectedGeodesy(db, params.projectId, deps.config.gridsDir ?? '');
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
    const g = await projectedGeodesy(db, projectId, deps.config.gridsDir ?? '');
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
