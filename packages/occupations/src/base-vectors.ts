import type { Db, Queryable } from '@smi/db';
import { geodeticToEcef } from '@smi/geodesy';
import {
  BASE_REFERENCE_COLUMNS,
  baseReferenceOf,
  baseReferenceOfColumns,
  canOpenSetup,
  placeMeasurement,
  setupInForce,
  type MeasuredMark,
  type BaseReference,
  type BaseReferenceColumns,
  type ProjectBase,
  type VectorOrigin,
  currentSetupOf,
  type BaseSetupRow,
} from '@smi/base-setups';

/**
 * For the points the server measures, each epoch and each point is a vector from the base, under the project's base
 * setup in force (decision 023). The base is read from this gateway's own state of it when it ingests the base
 * (`memory`: the broadcast position as the latest 1005/1006 said, at that moment), else from the database.
 */

const NO_BASE: BaseReference = { broadcast: null, live: null };

const PROJECT_OF_OCCUPATION = `SELECT p.id, p.base_station_id, p.base_mode, p.base_latitude, p.base_longitude
  FROM occupations o JOIN projects p ON p.id = o.project_id WHERE o.id = $1`;

/** The base as this gateway knows it (a broadcast position it ingested wins), else as the database does. */
function withMemory(stored: BaseReference, memory: BaseReference | undefined): BaseReference {
  if (memory?.broadcast) return memory;
  return { ...stored, live: memory?.live ?? stored.live };
}

async function referenceOf(q: Queryable, project: ProjectBase, memory: BaseReference | undefined): Promise<BaseReference> {
  if (!project.base_station_id) return NO_BASE;
  if (memory?.broadcast) return memory;
  return withMemory(await baseReferenceOf(q, project.base_station_id), memory);
}

/** What an epoch's vector needs of the setup in force. */
export type EpochSetup = Pick<BaseSetupRow, 'id' | 'x' | 'y' | 'z' | 'height'>;

/**
 * An occupation's project, its base as the database knows it and the project's setup in force, in one statement: the raw epochs' writer asks it of every project at every
 * slot, 8 times a second, where three statements were a sixth of the embedded database's work for 200 rovers
 * (the occupation benchmark).
 */
const BASE_OF_OCCUPATION = `SELECT p.id, p.base_station_id, p.base_mode, p.base_latitude, p.base_longitude, ${BASE_REFERENCE_COLUMNS},
    c.id AS setup_id, c.x AS setup_x, c.y AS setup_y, c.z AS setup_z, c.height AS setup_height
  FROM occupations o JOIN projects p ON p.id = o.project_id
  LEFT JOIN devices d ON d.id = p.base_station_id LEFT JOIN base_rtcm_state s ON s.device_id = d.id
  LEFT JOIN LATERAL (${currentSetupOf('p.id')}) c ON true
  WHERE o.id = $1`;

type BaseOfOccupationRow = ProjectBase &
  BaseReferenceColumns & { setup_id: string | null; setup_x: number | null; setup_y: number | null; setup_z: number | null; setup_height: number | null };

/** The base and setup an occupation's epochs are measured under; opens the setup (locking the project) if needed. */
export async function baseOfOccupation(db: Db, occupationId: string, memory: BaseReference | undefined): Promise<{ ref: BaseReference; setup?: EpochSetup }> {
  const [row] = await db.query<BaseOfOccupationRow>(BASE_OF_OCCUPATION, [occupationId]);
  if (!row) return { ref: NO_BASE };
  const project: ProjectBase = { id: row.id, base_station_id: row.base_station_id, base_mode: row.base_mode, base_latitude: row.base_latitude, base_longitude: row.base_longitude };
  const ref = project.base_station_id ? withMemory(baseReferenceOfColumns(row), memory) : NO_BASE;
  if (row.setup_id !== null) return { ref, setup: { id: row.setup_id, x: row.setup_x!, y: row.setup_y!, z: row.setup_z!, height: row.setup_height! } };
  // nothing to open one from (a base that has not reported yet): no transaction, no lock on the project, each slot
  if (!canOpenSetup(project, ref)) return { ref };
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
 * insert it): the project's base and setup in force (opened if needed), then placeMeasurement.
 */
export async function measuredPoint(q: Queryable, occupationId: string, m: MeasuredMark, memory: BaseReference | undefined) {
  const [project] = await q.query<ProjectBase>(`${PROJECT_OF_OCCUPATION} FOR UPDATE OF p`, [occupationId]);
  if (!project) return placeMeasurement(m, NO_BASE, undefined);
  const ref = await referenceOf(q, project, memory);
  return placeMeasurement(m, ref, await setupInForce(q, project, ref, null));
}
