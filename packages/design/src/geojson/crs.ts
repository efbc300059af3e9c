/** What a GeoJSON's coordinates are: WGS 84 longitude/latitude (RFC 7946), or an EPSG grid a crs member names. */
export type GeoJsonCrs = { kind: 'wgs84' } | { kind: 'epsg'; code: number } | { error: string };

const WGS84_CODES = new Set([4326, 4979]);

/**
 * The crs member of the 2008 GeoJSON format (RFC 7946 dropped it; GDAL still writes it for other systems).
 * EPSG:4326 is read longitude first, as GDAL and every GeoJSON writer put it.
 */
export function crsOf(doc: unknown): GeoJsonCrs {
  if (typeof doc !== 'object' || doc === null || !('crs' in doc)) return { kind: 'wgs84' };
  const crs = (doc as { crs: unknown }).crs;
  if (crs === null) return { kind: 'wgs84' };
  const c = crs as { type?: unknown; properties?: { name?: unknown } };
  if (c.type !== 'name' || typeof c.properties?.name !== 'string') {
    return { error: 'the crs member is not {"type": "name", "properties": {"name": "EPSG:..."}}: only a named EPSG system is understood' };
  }
  const name = c.properties.name.trim();
  if (/^urn:ogc:def:crs:OGC:(1\.3:)?CRS84$/i.test(name)) return { kind: 'wgs84' };
  const m = /^(?:urn:ogc:def:crs:EPSG:[\d.]*:|EPSG:)(\d+)$/i.exec(name);
  if (!m) return { error: `the crs "${name}" is not an EPSG code or CRS84` };
  const code = Number(m[1]);
  return WGS84_CODES.has(code) ? { kind: 'wgs84' } : { kind: 'epsg', code };
}
