import { GridStore } from '@smi/geodesy';
import { buildGeodesy, type ProjectGeodesy } from '../crs/project-geodesy.js';
import type { ExportContext } from './context.js';

const noGrids = new GridStore(null);

/**
 * The CRS a grid-only format (pnezd, shp, landxml) is written in: the project's, or, for a project without one,
 * WGS 84 / UTM in the zone of its points (EPSG:326zz north, 327zz south) with ellipsoidal heights. Null for a
 * project with no points.
 */
export function exportGeodesy(ctx: ExportContext): ProjectGeodesy | null {
  if (ctx.geodesy) return ctx.geodesy;
  if (!ctx.projection) return null;
  const zone = ctx.projection.zone;
  const code = (zone.south ? 32700 : 32600) + zone.zone;
  return buildGeodesy(
    { crs_code: code, vertical: 'ellipsoidal', geoid_model: null, vertical_crs_code: null, corrections_datum: 'WGS84', helmert_fallback: false },
    null,
    noGrids,
  );
}
