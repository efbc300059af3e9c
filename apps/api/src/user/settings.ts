import { DEFAULT_SETTINGS, mergeSettings, userSettings, type UserSettings } from '@smi/contracts';
import type { Queryable } from '@smi/db';

/** Stored settings, or the defaults; a stored value that no longer fits the schema falls back to its default. */
export function readSettings(stored: unknown): UserSettings {
  const parsed = userSettings.safeParse(stored);
  if (parsed.success) return parsed.data;
  if (!stored || typeof stored !== 'object') return DEFAULT_SETTINGS;
  const merged = mergeSettings(DEFAULT_SETTINGS, stored as never);
  return userSettings.safeParse(merged).success ? (merged as UserSettings) : DEFAULT_SETTINGS;
}

export async function settingsOf(q: Queryable, userId: string): Promise<UserSettings> {
  const [row] = await q.query<{ settings: unknown }>('SELECT settings FROM users WHERE id = $1', [userId]);
  return readSettings(row?.settings);
}
