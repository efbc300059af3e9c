import { useState } from 'react';
import { SETTINGS_OPTIONS, type UserSettings } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { Segmented } from '../../../components/segmented';
import { FOOT_NAME } from '../../../lib/distance';
import { NtripSourceRow } from './ntrip-source-row';
import { SettingRow } from './setting-row';

type Change = <G extends keyof UserSettings, K extends keyof UserSettings[G]>(group: G, key: K, value: UserSettings[G][K]) => void;

/**
 * Which of Settings and a project wins (decision 053): the project. Its own Positioning Mode (Known Position or Auto
 * Fix on its page) is the only thing that places its base and its points; these settings never move a point.
 * MANUAL makes the boxes editable: the coordinates typed here start the Known Position boxes of a project that has
 * no base position of its own. AUTO: nothing here is used, the boxes are read-only and empty.
 */
export const BASE_SETTING_HINT =
  "A project's own Positioning Mode wins: nothing here moves a point. MANUAL: these coordinates start the Known Position boxes of a project that has no base position yet.";

const text = (v: number | null) => (v === null ? '' : String(v));

/** A base coordinate: typed in MANUAL (kept when it is a number in range, else said why), read-only and empty in AUTO. */
function BaseCoordinateBox({ label, value, limit, editable, onSave }: { label: string; value: number | null; limit: number; editable: boolean; onSave: (v: number | null) => void }) {
  const [draft, setDraft] = useState(text(value));
  const [seen, setSeen] = useState(value);
  const [error, setError] = useState<string | null>(null);
  // the stored value changed under the box (Restore defaults, a save from another tab): the box follows it
  if (seen !== value) {
    setSeen(value);
    setDraft(text(value));
    setError(null);
  }
  if (!editable) {
    return <input className="input truncate bg-slate-50 text-slate-600 sm:w-64" aria-label={label} value="" placeholder="AUTO: set on each project" readOnly />;
  }
  // what the box holds, as a value to keep, or undefined when it is not a coordinate
  const parse = (raw: string): number | null | undefined => {
    const t = raw.trim();
    if (t === '') return null;
    const n = Number(t);
    return Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined;
  };
  // kept as it is typed once it is a coordinate ("6." keeps 6 and stays as typed); said wrong when the box is left
  const type = (raw: string) => {
    setDraft(raw);
    const next = parse(raw);
    if (next === undefined) return;
    setError(null);
    setSeen(next);
    if (next !== value) onSave(next);
  };
  const leave = () => setError(parse(draft) === undefined ? `${label} must be a number from -${limit} to ${limit}` : null);
  return (
    <span className="flex flex-col gap-1 sm:w-64">
      <input
        className="input"
        aria-label={label}
        inputMode="decimal"
        value={draft}
        placeholder={label === 'Latitude' ? 'e.g. 6.615000' : 'e.g. 79.968074'}
        aria-invalid={error ? true : undefined}
        onChange={(e) => type(e.target.value)}
        onBlur={leave}
      />
      {error && (
        <span className="text-xs text-red-700" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

export function SystemGroup({ settings, change }: { settings: UserSettings; change: Change }) {
  const s = settings.system;
  const manual = s.baseStationCoordinates === 'MANUAL';
  return (
    <Panel title="System" bodyClassName="divide-y divide-slate-100 px-4 sm:px-5">
      <SettingRow label="Distance Unit" hint={`Used wherever a distance is shown. FEET is the ${FOOT_NAME}`}>
        <Segmented label="Distance Unit" options={SETTINGS_OPTIONS.distanceUnit} value={s.distanceUnit} onChange={(v) => change('system', 'distanceUnit', v)} />
      </SettingRow>
      <SettingRow label="Coordinates Unit">
        <Segmented label="Coordinates Unit" options={SETTINGS_OPTIONS.coordinatesUnit} value={s.coordinatesUnit} onChange={() => {}} disabled />
      </SettingRow>
      <SettingRow label="Base Station Coordinates" hint={BASE_SETTING_HINT}>
        <Segmented
          label="Base Station Coordinates"
          options={SETTINGS_OPTIONS.baseStationCoordinates}
          value={s.baseStationCoordinates}
          onChange={(v) => change('system', 'baseStationCoordinates', v)}
        />
      </SettingRow>
      <SettingRow label="Longitude">
        <BaseCoordinateBox label="Longitude" value={s.longitude} limit={180} editable={manual} onSave={(v) => change('system', 'longitude', v)} />
      </SettingRow>
      <SettingRow label="Latitude">
        <BaseCoordinateBox label="Latitude" value={s.latitude} limit={90} editable={manual} onSave={(v) => change('system', 'latitude', v)} />
      </SettingRow>
    </Panel>
  );
}

export function DeviceGroup({ settings, change }: { settings: UserSettings; change: Change }) {
  const d = settings.device;
  return (
    <Panel title="Device" bodyClassName="divide-y divide-slate-100 px-4 sm:px-5">
      <SettingRow label="Sampling Interval">
        <Segmented label="Sampling Interval" options={SETTINGS_OPTIONS.samplingInterval} value={d.samplingInterval} onChange={(v) => change('device', 'samplingInterval', v)} />
      </SettingRow>
      <SettingRow label="RTK Correction Source">
        <Segmented
          label="RTK Correction Source"
          options={SETTINGS_OPTIONS.rtkCorrectionSource}
          value={d.rtkCorrectionSource}
          onChange={(v) => change('device', 'rtkCorrectionSource', v)}
        />
      </SettingRow>
      <NtripSourceRow enabled={d.rtkCorrectionSource === 'NTRIP'} />
      <SettingRow label="Firmware Update">
        <button type="button" className="btn-secondary" disabled>
          CHECK UPDATES
        </button>
      </SettingRow>
    </Panel>
  );
}

export type { Change };
