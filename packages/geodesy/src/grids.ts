import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import proj4 from 'proj4';
import { DatumGridError, ntv2Buffer, readGeoTiffShift } from './shift-grid.js';

/**
 * A grid a transformation needs is not in the grids folder: the message names the file and the folder (for whoever
 * runs the server); `publicMessage` says the same without the folder's path, for a reply to a user.
 */
export class MissingGridError extends Error {
  readonly publicMessage: string;
  constructor(
    readonly grid: string,
    readonly dir: string | null,
    note?: string,
  ) {
    const end = note ? `. ${note}` : '';
    super(
      (dir
        ? `The grid ${grid} is required but is not in the grids folder (${dir}): copy it there from PROJ-data (https://cdn.proj.org)`
        : `The grid ${grid} is required but no grids folder is configured (GRIDS_DIR)`) + end,
    );
    this.publicMessage = dir
      ? `The grid ${grid} is required but is not in the server's grids folder: the administrator copies it there from PROJ-data (https://cdn.proj.org)${end}`
      : `The grid ${grid} is required but the server has no grids folder configured (GRIDS_DIR)${end}`;
    this.name = 'MissingGridError';
  }
}

/** A point outside every grid that could shift it (a grid gives no value there, so there is no answer). */
export class OutsideGridError extends Error {
  constructor(readonly grid: string) {
    super(`The point is outside the area of the grid ${grid}`);
    this.name = 'OutsideGridError';
  }
}

/**
 * The grids folder (GRIDS_DIR): the operator drops PROJ-data files there (datum shifts as NTv2 .gsb or GeoTIFF .tif,
 * geoids as .gtx or GeoTIFF .tif). File names are
 * matched without regard to case (PROJ-data spells CHENyx06_ETRS.gsb, Debian ships CHENYX06_etrs.gsb).
 */
export class GridStore {
  private listing: Map<string, string> | null = null;
  private listedAt = 0;

  constructor(readonly dir: string | null) {}

  /** The files of the folder, by lower-case name; re-read at most every 10 s, so a dropped-in grid is seen. */
  private files(): Map<string, string> {
    const now = Date.now();
    if (!this.listing || now - this.listedAt > 10_000) {
      this.listing = new Map();
      this.listedAt = now;
      if (this.dir) {
        try {
          for (const f of readdirSync(this.dir)) this.listing.set(f.toLowerCase(), join(this.dir, f));
        } catch {
          /* a missing folder holds no grids */
        }
      }
    }
    return this.listing;
  }

  /** The path of a grid file, or null. */
  find(name: string): string | null {
    return this.files().get(name.toLowerCase()) ?? null;
  }

  /** The path of a grid file; MissingGridError when it is not there. */
  require(name: string): string {
    const path = this.find(name);
    if (!path) throw new MissingGridError(name, this.dir);
    return path;
  }

  /** Files of the folder with one of the extensions, e.g. geoid models ['.gtx']. */
  list(extensions: string[]): string[] {
    // the files' own names (a listing is shown and chosen from): matched without regard to case, spelled as they are
    return [...this.files().entries()].filter(([f]) => extensions.some((e) => f.endsWith(e))).map(([, path]) => basename(path)).sort();
  }
}

let aliases: Record<string, string> | null = null;

/**
 * The name PROJ-data ships a grid under today, for the old name EPSG's catalogue uses (BETA2007.gsb ->
 * de_adv_BETA2007.tif; egm96_15.gtx -> us_nga_egm96_15.tif), from proj.db (scripts/build-grid-aliases.py); or null.
 */
export function gridAlias(name: string): string | null {
  aliases ??= JSON.parse(readFileSync(new URL('../assets/grid-aliases.json', import.meta.url), 'utf8')) as Record<string, string>;
  return aliases[name] ?? null;
}

const registered = new Map<string, string>();

const gridId = (path: string) => `${path}:${statSync(path).size}`;
const newKey = (name: string) => `smi${registered.size}_${name.toLowerCase().replace(/[^a-z0-9]/g, '_')}`;

/**
 * Reads the GeoTIFF form of a datum-shift grid (PROJ-data's de_adv_BETA2007.tif for BETA2007.gsb) when the folder has
 * it and not the NTv2 file, and registers it with proj4 (as NTv2, see shift-grid.ts). GeoTIFF decoding is
 * asynchronous: call this (or loadCrsGrids) before a transformation that needs the grid. Does nothing when the NTv2
 * file is there (it is read synchronously) or neither is (registerDatumGrid then names both). A .tif that is not a
 * horizontal offset grid throws DatumGridError.
 */
export async function loadDatumGrid(store: GridStore, name: string): Promise<void> {
  if (store.find(name)) return;
  const tif = gridAlias(name);
  const path = tif ? store.find(tif) : null;
  if (!path) return;
  const id = gridId(path);
  if (registered.has(id)) return;
  const subgrids = await readGeoTiffShift(basename(path), readFileSync(path));
  const key = newKey(name);
  proj4.nadgrid(key, ntv2Buffer(subgrids));
  registered.set(id, key);
}

/**
 * Registers a datum-shift grid of the store with proj4 and answers the key to use in `+nadgrids=@key`: the NTv2 file
 * when it is there, else its GeoTIFF form once loadDatumGrid has read it. The key carries the file's path and size,
 * so the same name in two folders (tests) or a replaced file never mixes. MissingGridError names both files when
 * neither is there.
 */
export function registerDatumGrid(store: GridStore, name: string): string {
  const tif = gridAlias(name);
  const gsb = store.find(name);
  if (!gsb) {
    const path = tif ? store.find(tif) : null;
    if (!path) throw new MissingGridError(name, store.dir, tif ? `PROJ-data ships it as ${tif} (GeoTIFF): either file is read` : undefined);
    const key = registered.get(gridId(path));
    if (!key) throw new DatumGridError(`${basename(path)} (the GeoTIFF form of ${name}) has not been loaded yet: load it with loadDatumGrid or loadCrsGrids first`);
    return key;
  }
  const id = gridId(gsb);
  let key = registered.get(id);
  if (!key) {
    key = newKey(name);
    const bytes = readFileSync(gsb);
    proj4.nadgrid(key, bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    registered.set(id, key);
  }
  return key;
}
