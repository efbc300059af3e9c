import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SETTINGS, settingsReply, userEndpoints, type UserSettings } from '@smi/contracts';
import { call } from './api-client';

/**
 * The signed-in user's settings as app-wide data: the settings screen edits them, and every screen reads the ones
 * that change how it draws (distance unit, accuracy circles, map provider, theme).
 */
export const settingsKey = ['settings'] as const;

export const fetchSettings = () => call(userEndpoints.getSettings, { reply: settingsReply, quiet: true }).then((r) => r.Data);

export const settingsQuery = queryOptions({ queryKey: settingsKey, queryFn: fetchSettings, staleTime: 60_000 });

export const useUserSettings = () => useQuery(settingsQuery);

/** The settings to draw with: the user's once loaded, the defaults until then (or when they cannot be read). */
export function useDisplaySettings(): UserSettings {
  return useUserSettings().data ?? DEFAULT_SETTINGS;
}
