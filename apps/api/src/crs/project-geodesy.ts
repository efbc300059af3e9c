import {
  applyHorizontal,
  crsTransform,
  decimalYear,
  isFrame,
  toCrsFrame,
  type Frame,
  EGM96,
  fromMetres,
  geoidModel,
  GridStore,
  MissingGridError,
  OutsideGridError,
  CrsError,
  GeoidGridError,
  DatumGridError,
  loadCrsGrids,
  loadGeoidModel,
  UNIT_LABEL,
  undulation,
  verticalShift,
  type Calibration,
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
export interface GridPoint {
  easting: number;
  northing: number;
  /** Orthometric (with a geoid) or ellipsoidal height, calibrated, in the CRS unit; null without h. */
  height: number | null;
}

/** Everything an export or a point view needs to express a WGS 84 point in the project's CRS. */
export interface ProjectGeodesy {
  settings: ProjectCrsRow;
  transform: CrsTransform;
  geoid: GeoidGrid | null;
  calibration: (Calibration & { version: number }) | null;
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

/** Maps the geodesy errors to a 400 whose message names what is missing. */
export function geodesyError(e: unknown): never {
  if (e instanceof MissingGridError || e instanceof CrsError || e instanceof OutsideGridError || e instanceof GeoidGridError || e instanceof DatumGridError) throw new AppError(400, e.message);
  throw e;
}

export function buildGeodesy(settings: ProjectCrsRow, cal: CalibrationRow | null, grids: GridStore): ProjectGeodesy {
  let transform: CrsTransform;
  let geoid: GeoidGrid | null = null;
  try {
    transform = crsTransform(settings.crs_code, { grids, helmertFallback: settings.helmert_fallback });
    if (settings.vertical === 'geoid') geoid = geoidModel(settings.geoid_model ?? EGM96, grids);
  } catch (e) {
    geodesyError(e);
  }
  const calibration = cal && cal.crs_code === settings.crs_code ? { ...cal.solution, version: cal.version } : null;
  const unit = transform.unit;
  return {
    settings,
    transform,
    geoid,
    calibration,
    unitLabel: unit === 'degree' ? 'degree' : UNIT_LABEL[unit],
    crsLabel: `EPSG:${transform.crs.code} ${transform.crs.name}`,
    heightLabel: geoid ? geoid.name : 'ellipsoidal',
    grid(lat, lon, h0, source) {
      const frame: Frame = isFrame(source?.datum) ? source.datum : isFrame(settings.corrections_datum) ? settings.corrections_datum : 'WGS84';
      const at = toCrsFrame(frame, transform.crs, lat, lon, h0 ?? 0, decimalYear(source?.at ?? new Date()));
      const [latitude, longitude] = [at.latitude, at.longitude];
      const h = h0 === null ? null : at.height;
      let en: [number, number];
      try {
        en = transform.forward(longitude, latitude);
      } catch {
        return null; // a point the CRS cannot express (outside its grid) has no grid coordinates; the row keeps lat/lon
      }
      let [easting, northing] = en;
      let height: number | null = null;
      if (h !== null) {
        try {
          height = geoid ? h - undulation(geoid, latitude, longitude) : h;
        } catch {
          height = null;
        }
      }
      if (calibration?.horizontal) ({ easting, northing } = applyHorizontal(calibration.horizontal, easting, northing));
      if (height !== null && calibration?.vertical) height += verticalShift(calibration.vertical, latitude, longitude);
      return { easting, northing, height: height === null || unit === 'degree' ? height : fromMetres(height, unit) };
    },
  };
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

/** The project's geodesy, or null when it has no CRS set (exports then keep lat/lon and UTM only). */
export async function loadProjectGeodesy(q: Queryable, projectId: string, grids: GridStore): Promise<ProjectGeodesy | null> {
  const settings = await crsRepository.settings(q, projectId);
  if (!settings) return null;
  await loadGrids(settings, grids);
  return buildGeodesy(settings, await crsRepository.activeCalibration(q, projectId), grids);
}
