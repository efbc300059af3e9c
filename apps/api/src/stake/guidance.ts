import { fixTimeMs, isFixFresh, isSurveyFixType, NA, type LiveReading, type StakeBlock, type StakeGuidanceReply, type StakeOrientation, type StakeSettings } from '@smi/contracts';
import { bearingOf, formatOffset, formatStation, lineGuidance, pointAtStation, pointGuidance, proximity, withinTolerance, type DesignLine, type GridPosition } from '@smi/design';
import { fromMetres, toMetres, type LinearUnit } from '@smi/geodesy';
import type { ProjectGeodesy } from '../crs/project-geodesy.js';
import { placedCoordinates, placeReading, type Placement } from '../occupations/record-preview.js';
import type { ResolvedAntenna } from '../occupations/settings.js';

/**
 * Below this horizontal speed (m/s) the direction of travel is not used: standing or shuffling over a mark, the
 * course between two epochs is noise. 0.5 m/s is a slow walk; over the 1 s it is measured on, RTK's 2 cm noise turns
 * the course by at most 3 degrees.
 */
export const TRAVEL_MIN_SPEED = 0.5;
/** The course is measured from the position at least this old (ms) ... */
const TRACK_MIN_MS = 1000;
/** ... and at most this old: older positions are forgotten. */
const TRACK_MAX_MS = 2000;

/** What guiding one rover to one design point needs, loaded once and used for every epoch. */
export interface StakeContext {
  geodesy: ProjectGeodesy;
  unit: LinearUnit;
  placement: Placement;
  antenna: ResolvedAntenna;
  stake: StakeSettings;
  samplingIntervalS: number;
  /**
   * the point to reach, metres in the project's grid: a design point, or a station and offset of a design line;
   * staking onto a line (no station), the line's start until the rover has a position, then the foot on the line
   */
  target: { id: string; name: string; e: number; n: number; h: number | null };
  /** staking a design line (decision 080); station null: onto the line, wherever the rover is along it */
  line?: { id: string; name: string; geometry: DesignLine; station: number | null; offset: number };
}

/** "0+020.000 R1.5": a station and offset as a stake is named, in the project's unit. */
export const stationLabel = (station: number, offset: number, unit: LinearUnit) => `${formatStation(station, unit)} ${formatOffset(offset, unit)}`.trim();

export interface TrackSample {
  t: number;
  e: number;
  n: number;
}

/** Recent grid positions of each rover (metres), for its direction of travel. */
export class TravelTracks {
  private readonly tracks = new Map<string, TrackSample[]>();
  constructor(private readonly maxDevices = 10_000) {}

  /** Adds a position (once per fix time) and answers the speed (m/s) and course (grid degrees) over the last seconds. */
  add(device: string, s: TrackSample): { speed: number; course: number } | null {
    let track = this.tracks.get(device);
    if (!track) {
      if (this.tracks.size >= this.maxDevices) this.tracks.delete(this.tracks.keys().next().value!);
      this.tracks.set(device, (track = []));
    }
    const last = track[track.length - 1];
    if (!last || s.t > last.t) track.push(s);
    else if (s.t < last.t) return null;
    while (track.length && track[0]!.t < s.t - TRACK_MAX_MS) track.shift();
    // the newest position at least TRACK_MIN_MS before this one
    let from: TrackSample | undefined;
    for (let i = track.length - 1; i >= 0; i--) {
      if (track[i]!.t <= s.t - TRACK_MIN_MS) {
        from = track[i];
        break;
      }
    }
    if (!from) return null;
    const dE = s.e - from.e;
    const dN = s.n - from.n;
    return { speed: Math.hypot(dE, dN) / ((s.t - from.t) / 1000), course: bearingOf(dE, dN) };
  }
}

const REASONS: Record<StakeBlock, string> = {
  'no-position': 'The rover has sent no position.',
  stale: 'The rover’s position is old: it has not reported a fix lately.',
  'not-survey-fix': 'The rover’s fix is not a survey fix.',
  'not-fixed': 'The rover is not RTK fixed.',
  'no-frame': 'The rover’s position is outside the project’s coordinate system.',
};

const orNull = <T>(v: T | typeof NA | undefined): T | null => (v === undefined || v === NA ? null : v);

/**
 * Guidance for one epoch: the reading placed as an occupation of it would be stored (placeReading, the Record
 * preview's arithmetic) and given in the project's coordinates (the one project coordinate, decision 039), against
 * the design point. Greyed (live false, with the reason) unless RTK fixed and fresh by the recording rule.
 */
export function guide(ctx: StakeContext, reading: LiveReading, nowMs: number, o: { orientation: StakeOrientation; heading?: number; tracks?: TravelTracks }): StakeGuidanceReply {
  const { unit, stake } = ctx;
  const u = (m: number) => fromMetres(m, unit);
  const uOrNull = (m: number | null) => (m === null ? null : u(m));
  const at = fixTimeMs(reading);
  const age = at === null ? null : Math.max(0, nowMs - at);
  const reply: StakeGuidanceReply = {
    success: true,
    unit,
    crs: ctx.geodesy.crsLabel,
    height: ctx.geodesy.labels.heightName,
    target: { id: ctx.target.id, name: ctx.target.name, easting: u(ctx.target.e), northing: u(ctx.target.n), elevation: uOrNull(ctx.target.h) },
    fix: {
      type: reading.fixType,
      satellites: orNull(reading.satellites),
      correctionAge: orNull(reading.correctionAge),
      age: age === null ? null : age / 1000,
      time: at === null ? null : reading.fixTime && reading.fixTime !== NA ? reading.fixTime : reading.timestamp,
    },
    live: false,
    blocked: null,
    reason: null,
    rover: null,
    speed: null,
    guidance: null,
    tolerance: { horizontal: u(stake.Horizontal), vertical: u(stake.Vertical), radius: u(stake.Radius) },
    line: null,
  };
  const block = (b: StakeBlock) => ({ ...reply, blocked: b, reason: REASONS[b] });
  if (reading.latitude === NA || reading.longitude === NA || at === null) return block('no-position');

  const geoidSeparation = orNull(reading.geoidSeparation);
  const placed = placeReading(ctx.placement, { Latitude: reading.latitude, Longitude: reading.longitude, Altitude: orNull(reading.altitude), GeoidSeparation: geoidSeparation }, ctx.antenna);
  const c = placedCoordinates(ctx.geodesy, ctx.placement, placed, geoidSeparation, new Date(at));
  if (!c) return block('no-frame');
  const rover: GridPosition = { e: toMetres(c.easting, unit), n: toMetres(c.northing, unit), h: c.height === null ? null : toMetres(c.height, unit) };
  const track = o.tracks?.add(reading.deviceCode, { t: at, e: rover.e, n: rover.n }) ?? null;

  let heading: number | null = null;
  let headingSource: 'travel' | 'compass' | null = null;
  if (o.orientation === 'travel' && track && track.speed >= TRAVEL_MIN_SPEED) {
    heading = track.course;
    headingSource = 'travel';
  } else if (o.orientation === 'compass' && o.heading !== undefined) {
    // the compass's magnetic heading to true north (the project's declination), then to grid north
    heading = (((o.heading + ctx.stake.Declination + gridBearingOfNorth(ctx, placed)) % 360) + 360) % 360;
    headingSource = 'compass';
  }
  let target = ctx.target;
  if (ctx.line) {
    const l = ctx.line;
    const on = lineGuidance(l.geometry, rover);
    if (on) {
      const onto = l.station === null;
      // onto the line: the foot of the perpendicular; else the station and offset asked for
      const at = onto ? pointAtStation(l.geometry, on.station, 0) : pointAtStation(l.geometry, l.station!, l.offset);
      if (at) target = { id: l.id, name: onto ? `${l.name} ${stationLabel(on.station, 0, unit)}` : ctx.target.name, ...at };
      const [ts, to] = onto ? [on.station, 0] : [l.station!, l.offset];
      reply.target = { id: target.id, name: target.name, easting: u(target.e), northing: u(target.n), elevation: uOrNull(target.h) };
      reply.line = {
        id: l.id,
        name: l.name,
        station: u(on.station),
        offset: u(on.offset),
        label: stationLabel(on.station, on.offset, unit),
        beyond: on.beyond,
        elevation: uOrNull(on.elevation),
        dH: uOrNull(on.dH),
        cutFill: on.cutFill && { kind: on.cutFill.kind, amount: u(on.cutFill.amount) },
        targetStation: u(ts),
        targetOffset: u(to),
        goAhead: u(ts - on.station),
        goRight: u(to - on.offset),
      };
    }
  }
  const g = pointGuidance(target, rover, heading);
  const within = withinTolerance(g.horizontalDistance, g.dH, { horizontal: stake.Horizontal, vertical: stake.Vertical });
  reply.rover = { easting: c.easting, northing: c.northing, height: c.height };
  reply.speed = track && u(track.speed);
  reply.guidance = {
    goNorth: u(g.goNorth),
    goEast: u(g.goEast),
    dN: u(g.dN),
    dE: u(g.dE),
    dH: uOrNull(g.dH),
    cutFill: g.cutFill && { kind: g.cutFill.kind, amount: u(g.cutFill.amount) },
    distance: u(g.horizontalDistance),
    bearing: g.bearing,
    forward: uOrNull(g.forward),
    right: uOrNull(g.right),
    relativeBearing: g.relativeBearing,
    heading,
    headingSource,
    proximity: proximity(g.horizontalDistance, stake.Radius),
    within,
  };
  if (!isSurveyFixType(reading.fixType === NA ? null : reading.fixType)) return block('not-survey-fix');
  if (!isFixFresh(reading, nowMs, ctx.samplingIntervalS)) return block('stale');
  if (reading.fixType !== 'rtk-fixed') return block('not-fixed');
  return { ...reply, live: true };
}

/** The grid bearing of true north at the rover (the meridian convergence): a compass heading plus this is a grid heading. */
function gridBearingOfNorth(ctx: StakeContext, placed: { latitude: number; longitude: number; ellipsoidalHeight: number | null }): number {
  const here = ctx.geodesy.grid(placed.latitude, placed.longitude, placed.ellipsoidalHeight);
  const north = ctx.geodesy.grid(placed.latitude + 1e-5, placed.longitude, placed.ellipsoidalHeight);
  if (!here || !north) return 0;
  return bearingOf(north.easting - here.easting, north.northing - here.northing);
}
