import { SETTINGS_OPTIONS, type SettingsPatch, type UserSettings } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { Segmented } from '../../../components/segmented';
import { useNetworkSettings } from '../hooks/use-network-settings';
import { SettingRow } from './setting-row';

const BUTTON_CLASS = { reset: 'btn-danger', save: 'btn-primary', disabled: 'btn-secondary' } as const;

interface Props {
  saved: UserSettings['network'];
  save?: (patch: SettingsPatch) => Promise<UserSettings>;
}

export function NetworkGroup({ saved, save }: Props) {
  const net = useNetworkSettings(saved, { save });
  return (
    <Panel title="Network" bodyClassName="divide-y divide-slate-100 px-4 sm:px-5">
      <SettingRow label="EasyConnect URL" hint="The MQTT broker your devices report to">
        <Segmented label="EasyConnect URL" options={SETTINGS_OPTIONS.mqttUrlType} value={net.selected} onChange={net.select} disabled={net.busy} />
      </SettingRow>
      <div className="flex flex-col gap-3 py-3">
        <label>
          <span className="sr-only">Custom MQTT broker URL</span>
          <input
            className="input"
            value={net.url}
            onChange={(e) => net.setUrl(e.target.value)}
            placeholder="Custom MQTT broker URL"
            disabled={!net.urlEnabled}
            readOnly={net.urlReadOnly}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={net.error ? true : undefined}
          />
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className={BUTTON_CLASS[net.button.kind]} disabled={net.button.kind === 'disabled' || net.busy} onClick={net.act}>
            {net.button.label}
          </button>
          <p role="status" className="text-sm font-medium text-emerald-700">
            {net.notice}
          </p>
        </div>
        {net.error && (
          <p role="alert" className="error-box">
            {net.error}
          </p>
        )}
      </div>
    </Panel>
  );
}
