import proj4 from 'proj4';

/**
 * UTM easting/northing of a position, in the zone the exports put the project's points in (the api's
 * exports/utm.ts zone rule: standard 6-degree zones with the Norway and Svalbard exceptions), so the Record dialog
 * shows the grid coordinate the CSV/TXT/DXF will carry.
 */
export interface UtmCoordinate {
  easting: number;
  northing: number;
  /** e.g. "44N" */
  zone: string;
}

export function utmZoneOf(longitude: number, latitude: number): { zone: number; south: boolean } {
  const lon = longitude >= -180 && longitude <= 180 ? longitude : ((((longitude + 180) % 360) + 360) % 360) - 180;
  let zone = Math.min(60, Math.floor((lon + 180) / 6) + 1);
  if (latitude >= 56 && latitude < 64 && lon >= 3 && lon < 12) zone = 32;
  if (latitude >= 72 && latitude < 84 && lon >= 0 && lon < 42) zone = lon < 9 ? 31 : lon < 21 ? 33 : lon < 33 ? 35 : 37;
  return { zone, south: latitude < 0 };
}

/** The position in the zone chosen for `zoneFrom` (the mean of the project's points; the position itself if none). */
export function toUtm(position: { latitude: number; longitude: number }, zoneFrom?: { latitude: number; longitude: number } | null): UtmCoordinate | null {
  const ref = zoneFrom ?? position;
  if (![position.latitude, position.longitude, ref.latitude, ref.longitude].every(Number.isFinite)) return null;
  const { zone, south } = utmZoneOf(ref.longitude, ref.latitude);
  const [easting, northing] = proj4('WGS84', `+proj=utm +zone=${zone} +datum=WGS84 +units=m +no_defs${south ? ' +south' : ''}`).forward([
    position.longitude,
    position.latitude,
  ]) as [number, number];
  return { easting, northing, zone: `${zone}${south ? 'S' : 'N'}` };
}
