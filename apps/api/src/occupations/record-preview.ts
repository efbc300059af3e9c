import type { RecordPreviewBody, RecordPreviewReply } from '@smi/contracts';
import type { Db } from '@smi/db';
import { markToPhaseCentre } from '@smi/geodesy';
import { baseReferenceOf, baseSetupsRepository, placeMeasurement, proposedSetup, type ProjectBase } from '@smi/base-setups';
import { gridFrameOf, rounded } from '../crs/grid-frame.js';
import { pointCoordinates, type ProjectGeodesy } from '../crs/project-geodesy.js';
import { resolveAntenna, setupOf, type ResolvedAntenna } from './settings.js';

/** One reading of the rover's antenna as the receiver reports it (latitude, longitude, MSL height, geoid separation). */
export type PreviewReading = RecordPreviewBody['Reading'];

/** What placing a reading needs from the database: the base's reference and the setup in force (or the one it would open). */
export async function placementOf(db: Db, project: ProjectBase) {
  const ref = project.base_station_id ? await baseReferenceOf(db, project.base_station_id) : { broadcast: null, live: null };
  const current = await baseSetupsRepository.currentOf(db, project.id);
  return { ref, current, setup: current ?? proposedSetup(project, ref, null) };
}
export type Placement = Awaited<ReturnType<typeof placementOf>>;

/**
 * The mark one reading measures, placed as an occupation of this one epoch places it (occupation-run: mean altitude -
 * antenna, h from MSL + N; then placeMeasurement under the setup). Synchronous: stake-out runs it for every epoch.
 */
export function placeReading(p: Placement, r: PreviewReading, antenna: ResolvedAntenna) {
  const total = markToPhaseCentre(setupOf(antenna));
  const altitude = r.Altitude === null ? null : r.Altitude - total;
  const mark = {
    latitude: r.Latitude,
    longitude: r.Longitude,
    altitude,
    geoidSeparation: r.GeoidSeparation,
    ellipsoidalHeight: altitude !== null && r.GeoidSeparation !== null ? r.Altitude! + r.GeoidSeparation - total : null,
    antennaToPhaseCentre: total,
    warnings: [],
  };
  return placeMeasurement(mark, p.ref, p.setup);
}

/** The project coordinate (decision 039) of a placed reading: the one computation every file and screen uses. */
export function placedCoordinates(g: ProjectGeodesy, p: Placement, placed: ReturnType<typeof placeReading>, geoidSeparation: number | null, at: Date) {
  return pointCoordinates(g, { ...placed, geoidSeparation, datum: p.current?.datum ?? null, recordedAt: at });
}

/**
 * What the server would store for a point measured now from one reading: the occupation's own arithmetic on it (the
 * antenna reduction, placeMeasurement under the base setup in force or the one it would open) and the project's
 * coordinates of the result. Nothing is written: a setup that would be opened is only proposed.
 */
export async function recordPreview(db: Db, project: ProjectBase, body: RecordPreviewBody, frameOf: (at: { latitude: number; longitude: number }) => Promise<ProjectGeodesy | null>): Promise<RecordPreviewReply> {
  const r = body.Reading;
  const antenna = resolveAntenna(body.Antenna);
  const p = await placementOf(db, project);
  const placed = placeReading(p, r, antenna);
  const attached = placed.vector !== null;
  const g = await frameOf(placed);
  const c = g && placedCoordinates(g, p, placed, r.GeoidSeparation, new Date());
  return {
    success: true,
    Latitude: placed.latitude,
    Longitude: placed.longitude,
    EllipsoidalHeight: placed.ellipsoidalHeight,
    Altitude: placed.altitude,
    Correction: placed.origin ?? 'none',
    Setup: attached && p.setup ? { Source: p.setup.source, Version: p.current?.version ?? null } : null,
    frame: g && gridFrameOf(g),
    coordinate: g && rounded(c, g),
  };
}
