import type { RecordPreviewBody, RecordPreviewReply } from '@smi/contracts';
import type { Db } from '@smi/db';
import { markToPhaseCentre } from '@smi/geodesy';
import { baseReferenceOf, proposedSetup, type ProjectBase, baseSetupsRepository } from '@smi/base-setups';
import { placeMeasurement } from '@smi/gateway';
import { gridFrameOf, rounded } from '../crs/grid-routes.js';
import { pointCoordinates, type ProjectGeodesy } from '../crs/project-geodesy.js';
import { resolveAntenna, setupOf } from './settings.js';

/**
 * What the server would store for a point measured now from one reading: the occupation's own arithmetic on it (the
 * antenna reduction, placeMeasurement under the base setup in force or the one it would open) and the project's
 * coordinates of the result. Nothing is written: a setup that would be opened is only proposed.
 */
export async function recordPreview(db: Db, project: ProjectBase, body: RecordPreviewBody, frameOf: (at: { latitude: number; longitude: number }) => Promise<ProjectGeodesy | null>): Promise<RecordPreviewReply> {
  const r = body.Reading;
  const total = markToPhaseCentre(setupOf(resolveAntenna(body.Antenna)));
  // the mark as an occupation of this one epoch measures it (occupation-run: mean altitude - antenna, h from MSL + N)
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
  const ref = project.base_station_id ? await baseReferenceOf(db, project.base_station_id) : { broadcast: null, live: null };
  const current = await baseSetupsRepository.currentOf(db, project.id);
  const setup = current ?? proposedSetup(project, ref, null);
  const placed = placeMeasurement(mark, ref, setup);
  const attached = placed.vector !== null;
  const g = await frameOf(placed);
  const datum = current?.datum ?? null;
  const c = g && pointCoordinates(g, { ...placed, geoidSeparation: r.GeoidSeparation, datum, recordedAt: new Date() });
  return {
    success: true,
    Latitude: placed.latitude,
    Longitude: placed.longitude,
    EllipsoidalHeight: placed.ellipsoidalHeight,
    Altitude: placed.altitude,
    Correction: placed.origin ?? 'none',
    Setup: attached && setup ? { Source: setup.source, Version: current?.version ?? null } : null,
    frame: g && gridFrameOf(g),
    coordinate: g && rounded(c, g),
  };
}
