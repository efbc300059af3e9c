import { usePublicConfig } from './public-config';

export interface TileSource {
  url: string;
  attribution: string;
}

/** The server's default (apps/api/src/env.ts), used only if the server's configuration cannot be read. */
const FALLBACK_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** Credits for a tile URL: OpenStreetMap's licence asks for its notice; another server is named by its host. */
export function tileSource(url: string): TileSource {
  if (/(^|[./])openstreetmap\.(org|fr|de)\//.test(url)) {
    return { url, attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' };
  }
  let host = '';
  try {
    host = new URL(url.replace(/\{s\}\./g, '').replace(/\{[^}]+\}/g, '0')).hostname;
  } catch {
    // a template that is not a URL: no credit line beats a broken one
  }
  return { url, attribution: host ? `Tiles: ${host}` : '' };
}

/**
 * The tiles the server is set up for (TILE_URL; the settings' provider, OpenStreetMap, is served from it). Null until
 * the configuration has arrived, so the map never asks another server first.
 */
export function useTileSource(): TileSource | null {
  const config = usePublicConfig();
  if (config.data) return tileSource(config.data.tileUrl);
  return config.isError ? tileSource(FALLBACK_URL) : null;
}
