/**
 * The UTM zone of a position: the one rule the api (the zone of a project without a coordinate system, decision 039)
 * and any screen that names a zone use. Only the choice of the zone lives here; the projection is the project
 * frame's (crs.ts), as for any other coordinate system.
 */
export interface UtmZone {
  zone: number;
  south: boolean;
  /** e.g. "44N" */
  label: string;
  /** The EPSG code of WGS 84 / UTM in this zone: 326zz north, 327zz south. */
  epsg: number;
}

/**
 * The standard 6-degree zone (zone 1 starts at 180 W; a longitude on a boundary belongs to the zone east of it, and
 * 180 to zone 60), north or south of the equator (the equator is north), with the two exceptions of the UTM grid:
 * south-west Norway (56-64 N, 3-12 E) is zone 32, and Svalbard (72-84 N, 0-42 E) uses only the odd zones 31-37.
 * A longitude outside -180..180 is wrapped first.
 */
export function utmZoneOf(longitude: number, latitude: number): UtmZone {
  const lon = longitude >= -180 && longitude <= 180 ? longitude : ((((longitude + 180) % 360) + 360) % 360) - 180;
  let zone = Math.min(60, Math.floor((lon + 180) / 6) + 1);
  if (latitude >= 56 && latitude < 64 && lon >= 3 && lon < 12) zone = 32;
  if (latitude >= 72 && latitude < 84 && lon >= 0 && lon < 42) zone = lon < 9 ? 31 : lon < 21 ? 33 : lon < 33 ? 35 : 37;
  const south = latitude < 0;
  return { zone, south, label: `${zone}${south ? 'S' : 'N'}`, epsg: (south ? 32700 : 32600) + zone };
}
