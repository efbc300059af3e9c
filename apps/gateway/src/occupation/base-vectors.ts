import type { Db, Queryable } from '@smi/db';
import { BASE_FROM_NMEA, ecefToGeodetic, geodeticToEcef } from '@smi/geodesy';
import { baseReferenceOf, canOpenSetup, measureAgainstBase, setupInForce, type BaseReference, type ProjectBase, type VectorOrigin } from '../base-setups/in-force.js';
import type { BaseSetupRow } from '../base-setups/repository.js';
import { baseSetupsRepository } from '../base-setups/repository.js';
import type { Measurement } from './occupation-run.js';

/**
 * Issue 19 for the points the server measures: each epoch and each point is a vector from the base, under the
 * project's base setup in force. The base is read from this gateway's own state of it when it ingests the base
 * (`memory`: the broadcast position as the latest 1005/1006 said, at that moment), else from the database.
 */

const NO_BASE: BaseReference = { broadcast: null, live: null };

const PROJECT_OF_OCCUPATION = `SELECT p.id, p.base_station_id, p.base_mode, p.base_latitude, p.base_longitude
  FROM occupations o JOIN projects p ON p.id = o.project_id WHERE o.id = $1`;

async function referenceOf(q: Queryable, project: ProjectBase, memory: BaseReference | undefined): Promise<BaseReference> {
  if (!project.base_station_id) return NO_BASE;
  if (memory?.broadcast) return memory;
  const stored = await baseReferenceOf(q, project.base_station_id);
  return { ...stored, live: memory?.live ?? stored.live };
}

/** The base and setup an occupation's epochs are measured under; opens the setup (locking the project) if needed. */
export async function baseOfOccupation(db: Db, occupationId: string, memory: BaseReference | undefined): Promise<{ ref: BaseReference; setup?: BaseSetupRow }> {
  const [project] = await db.query<ProjectBase>(PROJECT_OF_OCCUPATION, [occupationId]);
  if (!project) return { ref: NO_BASE };
  const ref = await referenceOf(db, project, memory);
  const current = await baseSetupsRepository.currentOf(db, project.id);
  // nothing to open one from (a base that has not reported yet): no transaction, no lock on the project, each slot
  if (current || !canOpenSetup(project, ref)) return { ref, setup: current };
  return db.tx(async (q) => {
    const [locked] = await q.query<ProjectBase>(`${PROJECT_OF_OCCUPATION} FOR UPDATE OF p`, [occupationId]);
    return { ref, setup: locked ? await setupInForce(q, locked, ref, null) : undefined };
  });
}

/** Rover antenna (phase centre) of an epoch in ECEF: its height is altitude + N as the occupation averages it. */
export function epochAntenna(e: { latitude: number | null; longitude: number | null; altitude: number | null; geoidSeparation: number | null }) {
  if (e.latitude === null || e.longitude === null) return null;
  return geodeticToEcef(e.latitude, e.longitude, (e.altitude ?? 0) + (e.geoidSeparation ?? 0));
}

export interface EpochVector {
  vector: [number, number, number] | null;
  origin: VectorOrigin | null;
}

/**
 * The point an occupation stores, measured against its base, in the caller's transaction (which is about to
 * insert it): the mark's antenna = setup + (antenna - broadcast ARP), then the antenna reduction (the run has it:
 * the mark is the phase centre lowered along the normal, so the same ECEF translation moves both). Without a
 * broadcast position ever received, the vector is from the live base (known - live base) and the point says so.
 */
export async function measuredPoint(q: Queryable, occupationId: string, m: Measurement, memory: BaseReference | undefined) {
  const [project] = await q.query<ProjectBase>(`${PROJECT_OF_OCCUPATION} FOR UPDATE OF p`, [occupationId]);
  const none = { latitude: m.latitude, longitude: m.longitude, ellipsoidalHeight: m.ellipsoidalHeight, altitude: m.altitude, warnings: m.warnings, setupId: null, vector: null };
  if (!project) return none;
  const ref = await referenceOf(q, project, memory);
  const setup = await setupInForce(q, project, ref, null);
  // the mark's height as the points' re-computation reads it (recompute.ts heightOf): h, else MSL + N, else MSL
  const markH = m.ellipsoidalHeight ?? (m.altitude !== null ? m.altitude + (m.geoidSeparation ?? 0) : 0);
  const apc = geodeticToEcef(m.latitude, m.longitude, markH + m.antennaToPhaseCentre);
  const p = measureAgainstBase(apc, ref, setup);
  if (!p.vector || !setup) return none;
  // a setup at the broadcast position leaves the rover where it put itself (no round trip through ECEF)
  if (ref.broadcast && ref.broadcast.every((v, k) => v === [setup.x, setup.y, setup.z][k])) return { ...none, setupId: setup.id, vector: p.vector };
  const g = ecefToGeodetic(...p.antenna);
  const dh = g.height - (markH + m.antennaToPhaseCentre);
  return {
    latitude: g.latitude,
    longitude: g.longitude,
    ellipsoidalHeight: m.ellipsoidalHeight === null ? null : m.ellipsoidalHeight + dh,
    altitude: m.altitude === null ? null : m.altitude + dh,
    warnings: p.origin === 'base-nmea' ? [...m.warnings, BASE_FROM_NMEA] : m.warnings,
    setupId: setup.id,
    vector: p.vector,
  };
}
