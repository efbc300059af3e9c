import { SETTINGS_OPTIONS, type UserSettings } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { Segmented } from '../../../components/segmented';
import { FOOT_NAME } from '../../../lib/distance';
import { NtripSourceRow } from './ntrip-source-row';
import { ReadOnlyBox, SettingRow } from './setting-row';

type Change = <G extends keyof UserSettings, K extends keyof UserSettings[G]>(group: G, key: K, value: UserSettings[G][K]) => void;

const coordinate = (v: number | null) => (v === null ? 'Not set' : v.toFixed(6));

export function SystemGroup({ settings, change }: { settings: UserSettings; change: Change }) {
  const s = settings.system;
  return (
    <Panel title="System" bodyClassName="divide-y divide-slate-100 px-4 sm:px-5">
      <SettingRow label="Distance Unit" hint={`Used wherever a distance is shown. FEET is the ${FOOT_NAME}`}>
        <Segmented label="Distance Unit" options={SETTINGS_OPTIONS.distanceUnit} value={s.distanceUnit} onChange={(v) => change('system', 'distanceUnit', v)} />
      </SettingRow>
      <SettingRow label="Coordinates Unit">
        <Segmented label="Coordinates Unit" options={SETTINGS_OPTIONS.coordinatesUnit} value={s.coordinatesUnit} onChange={() => {}} disabled />
      </SettingRow>
      <SettingRow label="Base Station Coordinates">
        <Segmented
          label="Base Station Coordinates"
          options={SETTINGS_OPTIONS.baseStationCoordinates}
          value={s.baseStationCoordinates}
          onChange={(v) => change('system', 'baseStationCoordinates', v)}
        />
      </SettingRow>
      <SettingRow label="Longitude">
        <ReadOnlyBox label="Longitude" value={coordinate(s.longitude)} />
      </SettingRow>
      <SettingRow label="Latitude">
        <ReadOnlyBox label="Latitude" value={coordinate(s.latitude)} />
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
