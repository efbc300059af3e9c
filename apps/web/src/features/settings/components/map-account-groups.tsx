import { SETTINGS_OPTIONS, type UserSettings } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { Segmented } from '../../../components/segmented';
import type { Change } from './system-device-groups';
import { ReadOnlyBox, SettingRow } from './setting-row';

export function MapGroup({ settings, change }: { settings: UserSettings; change: Change }) {
  const m = settings.map;
  return (
    <Panel title="Map" bodyClassName="divide-y divide-slate-100 px-4 sm:px-5">
      <SettingRow label="Accuracy Circles" hint="Around each rover on the survey map">
        <Segmented label="Accuracy Circles" options={SETTINGS_OPTIONS.accuracyCircles} value={m.accuracyCircles} onChange={(v) => change('map', 'accuracyCircles', v)} />
      </SettingRow>
      <SettingRow label="Provider">
        <ReadOnlyBox label="Provider" value={m.provider} />
      </SettingRow>
      <SettingRow label="Theme">
        <Segmented label="Theme" options={SETTINGS_OPTIONS.theme} value={m.theme} onChange={(v) => change('map', 'theme', v)} />
      </SettingRow>
    </Panel>
  );
}

interface AccountProps {
  settings: UserSettings;
  change: Change;
  email: string;
  onChangePassword: () => void;
  onLogout: () => void;
}

export function AccountGroup({ settings, change, email, onChangePassword, onLogout }: AccountProps) {
  return (
    <Panel title="Account" bodyClassName="divide-y divide-slate-100 px-4 sm:px-5">
      <SettingRow label="Email">
        <ReadOnlyBox label="Email" value={email} />
      </SettingRow>
      <SettingRow label="Notifications">
        <Segmented
          label="Notifications"
          options={SETTINGS_OPTIONS.notifications}
          value={settings.account.notifications}
          onChange={(v) => change('account', 'notifications', v)}
        />
      </SettingRow>
      <div className="flex flex-wrap gap-2 py-3">
        <button type="button" className="btn-secondary" onClick={onChangePassword}>
          CHANGE PASSWORD
        </button>
        <button type="button" className="btn-danger" onClick={onLogout}>
          LOGOUT
        </button>
      </div>
    </Panel>
  );
}
