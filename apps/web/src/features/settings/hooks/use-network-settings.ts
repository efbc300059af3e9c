import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { mqttUrl, type SettingsPatch, type UserSettings } from '@smi/contracts';
import { putSettings, settingsKey } from '../api/settings';
import { NETWORK_NOTICE_MS, NETWORK_URL_DELAY_MS, networkButton } from '../network-button';

type UrlType = UserSettings['network']['mqttUrlType'];

interface Deps {
  save?: (patch: SettingsPatch) => Promise<UserSettings>;
}

/**
 * The Network group: the Default/Custom choice is local until the button acts. Saving Custom stores the type at
 * once and the URL 350 ms later, then 'Network settings saved' for about 2 s; reset clears the URL and goes Default.
 */
export function useNetworkSettings(saved: UserSettings['network'], { save = putSettings }: Deps = {}) {
  const client = useQueryClient();
  const [savedType, setSavedType] = useState<UrlType>(saved.mqttUrlType);
  const [selected, setSelected] = useState<UrlType>(saved.mqttUrlType);
  const [url, setUrl] = useState(saved.customMqttUrl);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const later = (ms: number, fn: () => void) => {
    timers.current.push(setTimeout(fn, ms));
  };
  const showNotice = (text: string) => {
    setNotice(text);
    later(NETWORK_NOTICE_MS, () => setNotice((n) => (n === text ? null : n)));
  };
  const store = (data: UserSettings) => client.setQueryData(settingsKey, data);

  const saveCustom = async () => {
    const trimmed = url.trim();
    if (!trimmed) return setError('Please enter MQTT broker URL');
    const checked = mqttUrl.safeParse(trimmed);
    if (!checked.success) return setError(`Custom URL ${checked.error.issues[0]?.message ?? 'is not valid'}`);
    setError(null);
    setBusy(true);
    try {
      store(await save({ network: { mqttUrlType: 'Custom' } }));
      setSavedType('Custom');
      await new Promise<void>((resolve) => later(NETWORK_URL_DELAY_MS, resolve));
      store(await save({ network: { customMqttUrl: trimmed } }));
      setUrl(trimmed);
      showNotice('Network settings saved');
    } catch {
      setError('Failed to save setting');
    } finally {
      setBusy(false);
    }
  };

  const resetToDefault = async () => {
    setError(null);
    setBusy(true);
    try {
      store(await save({ network: { mqttUrlType: 'Default', customMqttUrl: '' } }));
      setSavedType('Default');
      setSelected('Default');
      setUrl('');
      showNotice('Network reset to Default');
    } catch {
      setError('Failed to save setting');
    } finally {
      setBusy(false);
    }
  };

  const button = networkButton(savedType, selected);
  const act = () => {
    if (busy) return;
    if (button.kind === 'reset') void resetToDefault();
    else if (button.kind === 'save') void saveCustom();
  };

  return {
    selected,
    select: (t: UrlType) => {
      setSelected(t);
      setError(null);
    },
    url,
    setUrl: (u: string) => {
      setUrl(u);
      setError(null);
    },
    urlEnabled: selected === 'Custom',
    // a saved custom URL is shown, not edited: the button resets it first
    urlReadOnly: savedType === 'Custom',
    button,
    act,
    busy,
    notice,
    error,
  };
}
