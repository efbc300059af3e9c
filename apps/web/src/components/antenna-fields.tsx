import { ANTENNA_HEIGHT_TYPES, type AntennaSetupInput } from '@smi/contracts';
import { Segmented } from './segmented';

/** What an antenna height is commonly measured to (the contract keeps any text; these are offered). */
export const ANTENNA_REFERENCES = ['ARP', 'Bottom of mount', 'Notch'] as const;
const REFERENCE_WORDS: Record<string, string> = { ARP: 'ARP (reference point)', 'Bottom of mount': 'Bottom of mount', Notch: 'Notch' };

/** "1.800 m vertical to ARP": the antenna set-up in one line. */
export const antennaSummary = (a: AntennaSetupInput) => `${a.Height.toFixed(3)} m ${a.HeightType} to ${a.Reference || 'ARP'}${a.Model ? ` · ${a.Model}` : ''}`;

/** A length typed in metres: the number, or NaN while the field is not one (the form refuses to save it). */
const metres = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The antenna height as measured (pole default 1.800 m), vertical or slant (slant needs the antenna radius unless
 * the model is known to the server), and what it was measured to. `full` adds the model and its ARP-to-phase-centre
 * offset (the project's settings; an occupation takes them from there).
 */
export function AntennaFields({ value, onChange, full = false, idPrefix }: { value: AntennaSetupInput; onChange: (a: AntennaSetupInput) => void; full?: boolean; idPrefix: string }) {
  const set = (patch: Partial<AntennaSetupInput>) => onChange({ ...value, ...patch });
  const references = ANTENNA_REFERENCES.includes(value.Reference as (typeof ANTENNA_REFERENCES)[number]) ? ANTENNA_REFERENCES : [...ANTENNA_REFERENCES, value.Reference];
  return (
    <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2">
      <label>
        <span className="label">Antenna height (m)</span>
        <input
          id={`${idPrefix}-height`}
          className="input tabular-nums"
          type="number"
          inputMode="decimal"
          step="0.001"
          min="0"
          max="100"
          value={Number.isNaN(value.Height) ? '' : value.Height}
          onChange={(e) => set({ Height: metres(e.target.value) })}
        />
      </label>
      <div>
        <span className="label">Measured</span>
        <Segmented label="Antenna height measured" options={ANTENNA_HEIGHT_TYPES} value={value.HeightType} onChange={(HeightType) => set({ HeightType })} />
      </div>
      <label>
        <span className="label">Measured to</span>
        <select className="input" value={value.Reference} onChange={(e) => set({ Reference: e.target.value })}>
          {references.map((r) => (
            <option key={r} value={r}>
              {REFERENCE_WORDS[r] ?? r}
            </option>
          ))}
        </select>
      </label>
      {value.HeightType === 'slant' && (
        <label>
          <span className="label">Antenna radius (m)</span>
          <input
            className="input tabular-nums"
            type="number"
            inputMode="decimal"
            step="0.001"
            min="0"
            max="1"
            value={value.Radius ?? ''}
            onChange={(e) => set({ Radius: e.target.value.trim() === '' ? undefined : metres(e.target.value) })}
          />
        </label>
      )}
      {full && (
        <>
          <label>
            <span className="label">Antenna model</span>
            <input className="input" value={value.Model} maxLength={50} placeholder="e.g. EMLID REACH RS2" onChange={(e) => set({ Model: e.target.value })} />
          </label>
          <label>
            <span className="label">ARP to phase centre (m)</span>
            <input
              className="input tabular-nums"
              type="number"
              inputMode="decimal"
              step="0.001"
              min="-1"
              max="1"
              placeholder="from the model"
              value={value.Offset ?? ''}
              onChange={(e) => set({ Offset: e.target.value.trim() === '' ? undefined : metres(e.target.value) })}
            />
          </label>
        </>
      )}
    </div>
  );
}

/** Why the set-up cannot be sent, or null. */
export function antennaProblem(a: AntennaSetupInput): string | null {
  if (!Number.isFinite(a.Height) || a.Height < 0 || a.Height > 100) return 'Antenna height must be a number of metres from 0 to 100.';
  if (a.Radius !== undefined && !(Number.isFinite(a.Radius) && a.Radius >= 0 && a.Radius <= 1)) return 'Antenna radius must be a number of metres from 0 to 1.';
  if (a.Offset !== undefined && !(Number.isFinite(a.Offset) && Math.abs(a.Offset) <= 1)) return 'The phase centre offset must be a number of metres from -1 to 1.';
  return null;
}
