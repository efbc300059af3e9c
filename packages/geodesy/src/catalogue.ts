import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** One EPSG CRS as the committed catalogue holds it (generated from PROJ's proj.db: scripts/build-crs-catalogue.mjs). */
export interface CrsEntry {
  code: number;
  name: string;
  kind: 'projected' | 'geographic';
  /** EPSG's name of the unit of the first axis: "metre", "US survey foot", "foot" (international), "degree", ... */
  unit: string;
  /** EPSG's area of use. */
  area: string;
  /** [west, south, east, north] in degrees, or null. */
  bbox: [number, number, number, number] | null;
  /** The order EPSG states the coordinates in: easting first ("en") or northing first ("ne"). */
  axes: 'en' | 'ne';
  /** proj4 string with the datum shift to WGS 84 PROJ gives a bound CRS (+towgs84), if any. */
  proj4: string;
  /** WKT1 (GDAL flavour, with EPSG authority): what a shapefile's .prj holds. */
  wkt: string;
  /** The NTv2 grid EPSG defines the datum shift with (replaces +towgs84 unless a Helmert fallback is asked for). */
  grid: string | null;
}

/** An EPSG vertical CRS realised by a geoid grid over ellipsoidal heights (e.g. 5773 EGM96 height: egm96_15.gtx). */
export interface VerticalCrsEntry {
  code: number;
  name: string;
  grid: string;
}

interface CatalogueFile {
  source: string;
  crs: CrsEntry[];
  vertical: VerticalCrsEntry[];
}

let loaded: { source: string; vertical: VerticalCrsEntry[]; byCode: Map<number, CrsEntry>; all: CrsEntry[]; keys: string[] } | null = null;

function catalogue() {
  if (!loaded) {
    const file = JSON.parse(gunzipSync(readFileSync(new URL('../assets/crs-catalogue.json.gz', import.meta.url))).toString('utf8')) as CatalogueFile;
    loaded = {
      source: file.source,
      vertical: file.vertical,
      all: file.crs,
      byCode: new Map(file.crs.map((c) => [c.code, c])),
      keys: file.crs.map((c) => `${c.code} ${c.name} ${c.area}`.toLowerCase()),
    };
  }
  return loaded;
}

/** Where the catalogue came from, e.g. "proj.db EPSG v10.076". */
export function catalogueSource(): string {
  return catalogue().source;
}

/** The CRS of an EPSG code, or null when the catalogue has none (not EPSG, deprecated, vertical, compound, ...). */
export function findCrs(code: number): CrsEntry | null {
  return catalogue().byCode.get(code) ?? null;
}

/**
 * The CRSs matching a query: "EPSG:2154" or "2154" finds the code first, then codes starting with it; words find
 * entries whose code, name or area holds every word ("utm 33n", "lambert 93", "new york ft"). Best first.
 */
export function searchCrs(query: string, limit = 20): CrsEntry[] {
  const { all, keys, byCode } = catalogue();
  const q = query.trim().toLowerCase().replace(/^epsg:\s*/, '');
  if (!q) return [];
  const out: CrsEntry[] = [];
  if (/^\d+$/.test(q)) {
    const exact = byCode.get(Number(q));
    if (exact) out.push(exact);
    for (const c of all) {
      if (out.length >= limit) break;
      if (c !== exact && String(c.code).startsWith(q)) out.push(c);
    }
    return out;
  }
  const words = q.split(/\s+/);
  for (let i = 0; i < all.length && out.length < limit; i++) {
    const key = keys[i] as string;
    if (words.every((w) => key.includes(w))) out.push(all[i] as CrsEntry);
  }
  return out;
}

/** Every EPSG vertical CRS of the catalogue realised by a geoid grid. */
export function verticalCrsList(): VerticalCrsEntry[] {
  return catalogue().vertical;
}

/** An EPSG vertical CRS and the geoid grid that realises it, or null. */
export function findVerticalCrs(code: number): VerticalCrsEntry | null {
  return catalogue().vertical.find((v) => v.code === code) ?? null;
}

/** Whether a position lies in a CRS's area of use (its bbox; one that crosses 180° has west > east). */
export function inAreaOfUse(crs: Pick<CrsEntry, 'bbox'>, latitude: number, longitude: number): boolean {
  if (!crs.bbox) return true;
  const [west, south, east, north] = crs.bbox;
  if (latitude < south || latitude > north) return false;
  return west <= east ? longitude >= west && longitude <= east : longitude >= west || longitude <= east;
}
