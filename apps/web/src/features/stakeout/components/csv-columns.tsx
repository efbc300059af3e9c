import { CSV_LAYOUTS, type ColumnRole, type CsvLayout } from '@smi/design';

/** How the columns of a coordinate file are read: a layout by name, or a role chosen for each column. */
export type ColumnMapping = { layout: CsvLayout } | { roles: ColumnRole[] };

export const LAYOUTS = Object.keys(CSV_LAYOUTS) as CsvLayout[];
const ROLES: ColumnRole[] = ['name', 'n', 'e', 'h', 'code', 'lat', 'lon', 'skip'];
const ROLE_TEXT: Record<ColumnRole, string> = {
  name: 'Name',
  n: 'Northing',
  e: 'Easting',
  h: 'Elevation',
  code: 'Code',
  lat: 'Latitude',
  lon: 'Longitude',
  skip: 'Skip',
};
/** The most columns a mapping names (the import takes at most 50 roles). */
const MAX_COLUMNS = 50;

const isRole = (r: string): r is ColumnRole => (ROLES as string[]).includes(r);

/** The role of each of `count` columns under a mapping (columns past a layout's last are skipped). */
export function rolesOf(mapping: ColumnMapping, count: number): ColumnRole[] {
  const given: readonly ColumnRole[] = 'layout' in mapping ? CSV_LAYOUTS[mapping.layout] : mapping.roles;
  return Array.from({ length: Math.max(count, given.length) }, (_, i) => given[i] ?? 'skip');
}

/** The layout whose roles these are (trailing skipped columns aside), if any. */
export function layoutOf(roles: readonly ColumnRole[]): CsvLayout | null {
  let end = roles.length;
  while (end > 0 && roles[end - 1] === 'skip') end--;
  const named = roles.slice(0, end).join(',');
  return LAYOUTS.find((l) => CSV_LAYOUTS[l].join(',') === named) ?? null;
}

/** The mapping the server suggests from the file's header, as a layout when it is one. */
export function suggestedMapping(suggested: string[] | null | undefined): ColumnMapping | null {
  if (!suggested?.length || !suggested.every(isRole)) return null;
  const layout = layoutOf(suggested);
  return layout ? { layout } : { roles: suggested };
}

/**
 * Column `index` given `role`: the other column that had it (a role is read from one column) is skipped, and the
 * mapping becomes one role per column.
 */
export function withRole(mapping: ColumnMapping, count: number, index: number, role: ColumnRole): ColumnMapping {
  const roles = rolesOf(mapping, count).map((r, i) => (i === index ? role : role !== 'skip' && r === role ? 'skip' : r));
  return { roles: roles.slice(0, MAX_COLUMNS) };
}

/** What the import is told: the layout's name, or the roles (trailing skipped columns left off). */
export function columnsOf(mapping: ColumnMapping): string | string[] {
  if ('layout' in mapping) return mapping.layout;
  const roles = [...mapping.roles];
  while (roles.length > 1 && roles[roles.length - 1] === 'skip') roles.pop();
  return roles;
}

interface Props {
  rows: { line: number; fields: string[] }[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}

/** The first rows of the file as split, each column headed by the role it is read as (changeable). */
export function CsvColumns({ rows, mapping, onChange }: Props) {
  const count = Math.min(MAX_COLUMNS, Math.max(1, ...rows.map((r) => r.fields.length)));
  const roles = rolesOf(mapping, count).slice(0, count);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full text-left text-sm" aria-label="First rows of the file">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-2 py-1 text-xs font-medium text-slate-600">
              Line
            </th>
            {roles.map((role, i) => (
              <th key={i} scope="col" className="px-1 py-1">
                <select
                  className={`input min-w-[8.5rem] ${role === 'skip' ? 'text-slate-500' : 'font-semibold'}`}
                  aria-label={`Column ${i + 1}`}
                  value={role}
                  onChange={(e) => onChange(withRole(mapping, count, i, e.target.value as ColumnRole))}
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {ROLE_TEXT[r]}
                    </option>
                  ))}
                </select>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.line} className="border-t border-slate-100">
              <th scope="row" className="px-2 py-1 text-xs font-normal text-slate-500 tabular-nums">
                {r.line}
              </th>
              {roles.map((role, i) => (
                <td key={i} className={`px-2 py-1 whitespace-nowrap ${role === 'skip' ? 'text-slate-400' : 'text-slate-900'}`}>
                  {r.fields[i] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
