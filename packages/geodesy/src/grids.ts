import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import proj4 from 'proj4';

/** A grid a transformation needs is not in the grids folder: the message names the file and the folder. */
export class MissingGridError extends Error {
  constructor(
    readonly grid: string,
    readonly dir: string | null,
    note?: string,
  ) {
    super(
      (dir
        ? `The grid ${grid} is required but is not in the grids folder (${dir}): copy it there from PROJ-data (https://cdn.proj.org)`
        : `The grid ${grid} is required but no grids folder is configured (GRIDS_DIR)`) + (note ? `. ${note}` : ''),
    );
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
 * The grids folder (GRIDS_DIR): the operator drops PROJ-data files there (NTv2 .gsb, geoid .gtx). File names are
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

/**
 * Registers an NTv2 grid of the store with proj4 and answers the key to use in `+nadgrids=@key`. The key carries the
 * file's path and size, so the same name in two folders (tests) or a replaced file never mixes.
 */
export function registerNtv2(store: GridStore, name: string): string {
  const tif = gridAlias(name);
  if (!store.find(name) && tif && store.find(tif)) {
    // decision 024: datum shifts are read from NTv2 only (the GeoTIFF form could not be checked against PROJ here)
    throw new MissingGridError(name, store.dir, `${tif} is there, its GeoTIFF form, but datum-shift grids are read as NTv2 only: put ${name} (NTv2) in the folder`);
  }
  const path = store.require(name);
  const id = `${path}:${statSync(path).size}`;
  let key = registered.get(id);
  if (!key) {
    key = `smi${registered.size}_${name.toLowerCase().replace(/[^a-z0-9]/g, '_')}`;
    const bytes = readFileSync(path);
    proj4.nadgrid(key, bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    registered.set(id, key);
  }
  return key;
}
