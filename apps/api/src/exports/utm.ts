import proj4 from 'proj4';

/** One UTM zone; every point of an export goes into the same one so the plan stays continuous. */
export interface UtmZone {
  zone: number;
  south: boolean;
  /** e.g. "44N" */
  label: string;
  /** The proj4 definition, for anyone who wants to reproject. */
  proj: string;
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
    proj: `+proj=utm +zone=${zone} +datum=WGS84 +units=m +no_defs${south ? ' +south' : ''}`,
  };
}

export type Projector = (longitude: number, latitude: number) => { easting: number; northing: number };

/** WGS84 longitude/latitude -> easting/northing in metres in the given zone. */
export function utmProjector(zone: UtmZone): Projector {
  const converter = proj4('WGS84', zone.proj);
  return (longitude, latitude) => {
    const [easting, northing] = converter.forward([longitude, latitude]) as [number, number];
    return { easting, northing };
  };
}

/** The zone of a project's points and its projector; null for a project with no points. */
export function projectionFor(meanLongitude: number | null, meanLatitude: number | null) {
  if (meanLongitude === null || meanLatitude === null || !Number.isFinite(meanLongitude) || !Number.isFinite(meanLatitude)) return null;
  const zone = zoneFor(meanLongitude, meanLatitude);
  return { zone, project: utmProjector(zone) };
}
export type Projection = NonNullable<ReturnType<typeof projectionFor>>;
