import { DEFAULT_ANTENNA, type AntennaSetupInput } from '@smi/contracts';
import { AntennaFields } from '../../../components/antenna-fields';
import { useProjectPoints } from '../api/crs';

/** How the base's mark is given: the spec's latitude/longitude, the project's grid, or one of its points. */
export type MarkKind = 'latlon' | 'grid' | 'point';

export interface MarkDraft {
  kind: MarkKind;
  lat: string;
  lon: string;
  /** ellipsoidal, metres (with latitude/longitude) */
  height: string;
  northing: string;
  easting: string;
  /** in the project's vertical reference and unit (with the grid) */
  elevation: string;
  pointId: string;
  /** the base's antenna, measured from the mark as a rover's is; null: the setup keeps its own */
  antenna: AntennaSetupInput | null;
}

export const emptyMark = (lat = '', lon = ''): MarkDraft => ({ kind: 'latlon', lat, lon, height: '', northing: '', easting: '', elevation: '', pointId: '', antenna: null });

const KINDS: [MarkKind, string][] = [
  ['latlon', 'Latitude / longitude'],
  ['grid', 'Project grid (N / E)'],
  ['point', 'A point of the project'],
];

interface Props {
  projectId: string;
  value: MarkDraft;
  onChange: (v: MarkDraft) => void;
  disabled: boolean;
}

/** The Known Position's mark: the spec's Latitude and Longitude boxes, or the grid, or a control point; and the antenna. */
export function KnownMarkFields({ projectId, value: m, onChange, disabled }: Props) {
  const set = (patch: Partial<MarkDraft>) => onChange({ ...m, ...patch });
  const points = useProjectPoints(projectId);
  const box = (label: string, key: 'lat' | 'lon' | 'height' | 'northing' | 'easting' | 'elevation', placeholder?: string) => (
    <label>
      <span className="label">{label}</span>
      <input className="input" inputMode="decimal" value={m[key]} onChange={(e) => set({ [key]: e.target.value })} disabled={disabled} placeholder={placeholder} />
    </label>
  );
  return (
    <div className="flex flex-col gap-3">
      <label>
        <span className="label">Base mark given as</span>
        <select className="input" value={m.kind} onChange={(e) => set({ kind: e.target.value as MarkKind })} disabled={disabled}>
          {KINDS.map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {m.kind === 'latlon' && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {box('Latitude', 'lat', 'e.g. 6.615000')}
          {box('Longitude', 'lon', 'e.g. 79.968074')}
          {box('Ellipsoidal height (m, optional)', 'height')}
        </div>
      )}
      {m.kind === 'grid' && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {box('Northing', 'northing')}
          {box('Easting', 'easting')}
          {box('Elevation (optional)', 'elevation')}
          <p className="text-xs text-slate-500 sm:col-span-3">In the project's coordinate system, unit and heights (Coordinate system panel).</p>
        </div>
      )}
      {m.kind === 'point' && (
        <label>
          <span className="label">Control point</span>
          <select className="input" value={m.pointId} onChange={(e) => set({ pointId: e.target.value })} disabled={disabled}>
            <option value="">Choose a point…</option>
            {(points.data ?? []).map((p) => (
              <option key={p._id} value={p._id}>
                {p.Name || 'Unnamed Point'}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={m.antenna !== null} onChange={(e) => set({ antenna: e.target.checked ? DEFAULT_ANTENNA : null })} disabled={disabled} />
        Base antenna height and type
      </label>
      {m.antenna && <AntennaFields idPrefix="base-antenna" value={m.antenna} onChange={(antenna) => set({ antenna })} />}
    </div>
  );
}
