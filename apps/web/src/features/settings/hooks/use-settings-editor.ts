import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { mergeSettings, type SettingsPatch, type UserSettings } from '@smi/contracts';
import { putSettings, resetSettings, settingsKey, useSettings } from '../api/settings';
import { DebouncedPatch } from '../debounced-patch';
import { applyTheme } from '../theme';

type Group = keyof UserSettings;

interface Deps {
  save?: (patch: SettingsPatch, opts?: { keepalive?: boolean }) => Promise<UserSettings>;
  reset?: () => Promise<UserSettings>;
  quietMs?: number;
}

/**
 * Settings as the screen edits them: a change shows at once and is sent after a quiet period (a later change
 * replaces the pending save). A refused save says 'Failed to save setting' and shows the server's values again.
 */
export function useSettingsEditor({ save = putSettings, reset = resetSettings, quietMs = 300 }: Deps = {}) {
  const client = useQueryClient();
  const query = useSettings();
  const [local, setLocal] = useState<UserSettings | null>(null);
  // bumped by a restore of defaults: parts holding their own draft (network) start over from the new values
  const [generation, setGeneration] = useState(0);
  const settings = local ?? query.data ?? null;

  const send = useCallback(
    (patch: SettingsPatch, keepalive = false) => {
      save(patch, { keepalive })
        .then((data) => client.setQueryData(settingsKey, data))
        .catch(() => {
          toast.error('Failed to save setting');
          const server = client.getQueryData<UserSettings>(settingsKey);
          setLocal(null);
          if (server) applyTheme(server.map.theme);
        });
    },
    [client, save],
  );

  const debounced = useRef<DebouncedPatch | null>(null);
  const leaving = useRef(false);
  debounced.current ??= new DebouncedPatch((p) => send(p, leaving.current), quietMs);
  // leaving the screen sends what is still waiting instead of dropping it; so does leaving the page (a reload, a
  // closed tab: no unmount runs then), as a request that outlives the page
  useEffect(() => {
    const onPageHide = () => {
      leaving.current = true;
      debounced.current?.flush();
      leaving.current = false;
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      debounced.current?.flush();
    };
  }, []);

  const change = <G extends Group, K extends keyof UserSettings[G]>(group: G, key: K, value: UserSettings[G][K]) => {
    if (!settings) return;
    const patch = { [group]: { [key]: value } } as SettingsPatch;
    setLocal(mergeSettings(settings, patch));
    if (group === 'map' && key === 'theme') applyTheme(value as UserSettings['map']['theme']);
    debounced.current?.push(patch);
  };

  const restoreDefaults = async () => {
    debounced.current?.cancel();
    try {
      const data = await reset();
      client.setQueryData(settingsKey, data);
      setLocal(null);
      applyTheme(data.map.theme);
      setGeneration((g) => g + 1);
      toast.success('Settings restored to defaults');
    } catch {
      toast.error('Failed to reset settings');
    }
  };

  return { settings, generation, loading: query.isPending, failed: query.isError, change, restoreDefaults };
}
