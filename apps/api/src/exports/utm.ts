/**
 * One UTM zone: the zone of a project without a CRS (its points' mean position). The projection itself is the
 * project frame's (decision 039), never done here.
 */
export interface UtmZone {
  zone: number;
  south: boolean;
  /** e.g. "44N" */
  label: string;
}

/**
 * The zone of a position: the standard 6-degree zone, with the two exceptions of the UTM grid (south-west Norway
 * widens zone 32; Svalbard uses only the odd zones 31-37). Longitude 180 belongs to zone 60.
 */
export function zoneFor(longitude: number, latitude: number): UtmZone {
  const lon = longitude >= -180 && longitude <= 180 ? longitude : ((((longitude + 180) % 360) + 360) % 360) - 180;
  let zone = Math.min(60, Math.floor((lon + 180) / 6) + 1);
  if (latitude >= 56 && latitude < 64 && lon >= 3 && lon < 12) zone = 32;
  if (latitude >= 72 && latitude < 84 && lon >= 0 && lon < 42) zone = lon < 9 ? 31 : lon < 21 ? 33 : lon < 33 ? 35 : 37;
  const south = latitude < 0;
  return {
    zone,
    south,
    label: `${zone}${south ? 'S' : 'N'}`,
  };
}
