/** What a column of a coordinate file holds. h is the elevation (grid files) or the height (latitude/longitude). */
export type ColumnRole = 'name' | 'n' | 'e' | 'h' | 'code' | 'lat' | 'lon' | 'skip';

/** The layouts CAD and field software write (P = point name, D = description or code). */
export const CSV_LAYOUTS = {
  PNEZD: ['name', 'n', 'e', 'h', 'code'],
  PENZD: ['name', 'e', 'n', 'h', 'code'],
  PNEZ: ['name', 'n', 'e', 'h'],
  PENZ: ['name', 'e', 'n', 'h'],
  NEZ: ['n', 'e', 'h'],
  ENZ: ['e', 'n', 'h'],
  NEZD: ['n', 'e', 'h', 'code'],
  ENZD: ['e', 'n', 'h', 'code'],
  'name-lat-lon-h': ['name', 'lat', 'lon', 'h'],
} as const satisfies Record<string, readonly ColumnRole[]>;
export type CsvLayout = keyof typeof CSV_LAYOUTS;

export const ROLE_LABEL: Record<ColumnRole, string> = {
  name: 'name',
  n: 'northing',
  e: 'easting',
  h: 'elevation',
  code: 'code',
  lat: 'latitude',
  lon: 'longitude',
  skip: 'skipped',
};

export interface ColumnMap {
  roles: readonly ColumnRole[];
  index: Partial<Record<Exclude<ColumnRole, 'skip'>, number>>;
  /** grid (n, e) or WGS 84 (lat, lon) */
  source: 'grid' | 'wgs84';
  /** fields a row needs at least: up to its last required column */
  required: number;
}

/** The column map of a layout or a list of roles, or what is wrong with it. */
export function columnMap(columns: CsvLayout | readonly ColumnRole[]): ColumnMap | string {
  const roles = typeof columns === 'string' ? CSV_LAYOUTS[columns] : columns;
  if (!roles) return `unknown column layout "${String(columns)}"`;
  const index: ColumnMap['index'] = {};
  for (const [i, role] of roles.entries()) {
    if (role === 'skip') continue;
    if (!(role in ROLE_LABEL)) return `unknown column "${String(role)}"`;
    if (index[role] !== undefined) return `the ${ROLE_LABEL[role]} column is given twice (columns ${index[role] + 1} and ${i + 1})`;
    index[role] = i;
  }
  const grid = index.n !== undefined || index.e !== undefined;
  const wgs = index.lat !== undefined || index.lon !== undefined;
  if (grid && wgs) return 'the columns mix grid (northing/easting) and WGS 84 (latitude/longitude) coordinates';
  if (grid && (index.n === undefined || index.e === undefined)) return 'the columns need both a northing and an easting';
  if (wgs && (index.lat === undefined || index.lon === undefined)) return 'the columns need both a latitude and a longitude';
  if (!grid && !wgs) return 'the columns need a northing and an easting, or a latitude and a longitude';
  const need = grid ? [index.n, index.e, index.name] : [index.lat, index.lon, index.name];
  const required = Math.max(...need.map((i) => (i ?? -1) + 1));
  return { roles, index, source: grid ? 'grid' : 'wgs84', required };
}

const HEADER_NAMES: [RegExp, ColumnRole][] = [
  [/^(p|pt|pnt|point|point ?(id|name|number|no)|name|id|number|no)$/, 'name'],
  [/^(n|north|northing|northings)$/, 'n'],
  [/^(e|east|easting|eastings)$/, 'e'],
  [/^(z|h|elev|elevation|height|ortho(metric)? ?height|rl|alt|altitude|ellipsoidal ?height)$/, 'h'],
  [/^(d|desc|description|code|feature ?code|feature|remark|remarks)$/, 'code'],
  [/^(lat|latitude)$/, 'lat'],
  [/^(lon|lng|long|longitude)$/, 'lon'],
];

/**
 * Roles guessed from a header's names, or null when a northing/easting or latitude/longitude pair is not named.
 * X and Y are not guessed: CAD reads X as easting, Gauss-Krueger files call the northing X.
 */
export function rolesFromHeader(header: string[]): ColumnRole[] | null {
  const roles = header.map((h): ColumnRole => {
    const name = h.toLowerCase().replace(/[_.]/g, ' ').replace(/\s*\(.*\)$/, '').trim();
    const hit = HEADER_NAMES.find(([re]) => re.test(name));
    return hit ? hit[1] : 'skip';
  });
  const map = columnMap(roles);
  return typeof map === 'string' ? null : roles;
}
