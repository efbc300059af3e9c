import {
  crsTransform,
  EGM96,
  frameLabels,
  geoidModel,
  GridStore,
  MissingGridError,
  OutsideGridError,
  CrsError,
  GeoidGridError,
  DatumGridError,
  loadCrsGrids,
  loadGeoidModel,
  projectCoordinates,
  undulation,
  utmZoneOf,
  type Calibration,
  type CoordinateFrame,
  type FrameLabels,
  type ProjectCoordinates,
  type StoredPosition,
  type CrsTransform,
  type GeoidGrid,
} from '@smi/geodesy';
import type { Queryable } from '@smi/db';
import { AppError } from '../http/errors.js';
import { crsRepository, type CalibrationRow, type ProjectCrsRow } from './repository.js';

const stores = new Map<string, GridStore>();
/** One grid store per folder, so its listing is cached across requests. */
export function gridStore(dir: string): GridStore {
  let s = stores.get(dir);
  if (!s) stores.set(dir, (s = new GridStore(dir)));
  return s;
}

/** A grid coordinate of a point in the project's CRS: easting, northing and height in the CRS unit. */
export type GridPoint = ProjectCoordinates;

/** Everything an export or a point view needs to express a WGS 84 point in the project's CRS. */
export interface ProjectGeodesy {
  settings: ProjectCrsRow;
  transform: CrsTransform;
  geoid: GeoidGrid | null;
  calibration: (Calibration & { version: number }) | null;
  /** What projectCoordinates takes: the one computation of a point's project coordinates. */
  frame: CoordinateFrame;
  /** How the CRS, its unit and the heights are named in every file and on every screen. */
  labels: FrameLabels;
  /** "metre", "US survey foot", "international foot", "degree". */
  unitLabel: string;
  /** "EPSG:2154 RGF93 v1 / Lambert-93" */
  crsLabel: string;
  /** "EGM96", "ellipsoidal" */
  heightLabel: string;
  /**
   * The grid coordinate of a position measured in `source.datum` (the frame of its base setup; the project's
   * corrections datum when null) at `source.at` (the epoch of a time-dependent frame shift; now when absent).
   */
  grid(latitude: number, longitude: number, ellipsoidalHeight: number | null, source?: PositionSource): GridPoint | null;
}

/** The frame a position was measured in and when. */
export interface PositionSource {
  datum?: string | null;
  at?: Date;
}

/** Maps the geodesy errors to a 400 whose message names what is missing (never where the server keeps its files). */
export function geodesyError(e: unknown): never {
  if (e instanceof MissingGridError) throw new AppError(400, e.publicMessage);
  if (e instanceof CrsError || e instanceof OutsideGridError || e instanceof GeoidGridError || e instanceof DatumGridError) throw new AppError(400, e.message);
  throw e;
}

export function buildGeodesy(settings: ProjectCrsRow, cal: CalibrationRow | null, grids: GridStore, isDefault = false): ProjectGeodesy {
  let transform: CrsTransform;
  let geoid: GeoidGrid | null = null;
  try {
    transform = crsTransform(settings.crs_code, { grids, helmertFallback: settings.helmert_fallback });
    if (settings.vertical === 'geoid') geoid = geoidModel(settings.geoid_model ?? EGM96, grids);
  } catch (e) {
    geodesyError(e);
  }
  const calibration = cal && cal.crs_code === settings.crs_code ? { ...cal.solution, version: cal.version } : null;
  const model = geoid;
  const frame: CoordinateFrame = {
    crs: transform.crs,
    unit: transform.unit,
    forward: transform.forward,
    geoid: model && { name: model.name, undulation: (lat, lon) => undulation(model, lat, lon) },
    calibration,
    correctionsDatum: settings.corrections_datum,
    isDefault,
  };
  const labels = frameLabels(frame);
  return {
    settings,
    transform,
    geoid,
    calibration,
    frame,
    labels,
    unitLabel: labels.unitLabel,
    crsLabel: labels.crsLabel,
    heightLabel: labels.heightLabel,
    grid(latitude, longitude, ellipsoidalHeight, source) {
      return projectCoordinates(frame, { latitude, longitude, ellipsoidalHeight, altitude: null, geoidSeparation: null, datum: source?.datum ?? null, recordedAt: source?.at });
    },
  };
}

/**
 * A project without a coordinate system is given one (decision 039): WGS 84 / UTM in the zone of its points' mean
 * position (the exports' zone, decision 011) with heights above EGM96, the geoid most receivers call mean sea level.
 */
export function defaultGeodesy(meanLongitude: number, meanLatitude: number): ProjectGeodesy {
  const code = utmZoneOf(meanLongitude, meanLatitude).epsg;
  let g = defaults.get(code);
  if (!g) {
    const settings: ProjectCrsRow = { crs_code: code, vertical: 'geoid', geoid_model: EGM96, vertical_crs_code: EGM96_HEIGHT, corrections_datum: 'WGS84', helmert_fallback: false };
    defaults.set(code, (g = buildGeodesy(settings, null, noGrids, true)));
  }
  return g;
}
const noGrids = new GridStore(null);
const defaults = new Map<number, ProjectGeodesy>();
/** EPSG:5773, EGM96 height */
const EGM96_HEIGHT = 5773;

/** A stored point in the project's coordinates: the exports, the taken points and the report all come through here. */
export function pointCoordinates(g: ProjectGeodesy, p: StoredPosition): ProjectCoordinates | null {
  return projectCoordinates(g.frame, p);
}

/**
 * Reads what buildGeodesy needs that cannot be read synchronously: a GeoTIFF datum-shift grid (PROJ-data's
 * de_adv_BETA2007.tif when the folder has no BETA2007.gsb) and a GeoTIFF geoid (each decoded once per file).
 */
export async function loadGrids(settings: ProjectCrsRow, grids: GridStore): Promise<void> {
  try {
    await loadCrsGrids(settings.crs_code, { grids, helmertFallback: settings.helmert_fallback });
    if (settings.vertical === 'geoid' && settings.geoid_model) await loadGeoidModel(settings.geoid_model, grids);
  } catch (e) {
    geodesyError(e);
  }
}

/** The project's own geodesy, or null when it has no CRS set. */
export async function loadProjectGeodesy(q: Queryable, projectId: string, grids: GridStore): Promise<ProjectGeodesy | null> {
  const settings = await crsRepository.settings(q, projectId);
  if (!settings) return null;
  await loadGrids(settings, grids);
  return buildGeodesy(settings, await crsRepository.activeCalibration(q, projectId), grids);
}

/**
 * The coordinate system a project's points are given in everywhere: its own, else the default of its points' mean
 * position (or of `at`, the position about to be recorded, when it has none yet); null with neither.
 */
export async function loadProjectFrame(q: Queryable, projectId: string, grids: GridStore, at?: { latitude: number; longitude: number }): Promise<ProjectGeodesy | null> {
  const own = await loadProjectGeodesy(q, projectId, grids);
  if (own) return own;
  const mean = await crsRepository.meanPosition(q, projectId);
  const where = mean ?? at;
  return where ? defaultGeodesy(where.longitude, where.latitude) : null;
}
