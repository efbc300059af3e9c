import { settingsReply, userEndpoints as u, type ChangePasswordBody, type SettingsPatch } from '@smi/contracts';
import { z } from 'zod';
import { call } from '../../../lib/api-client';

export { settingsKey, settingsQuery, useUserSettings as useSettings } from '../../../lib/user-settings';

/** keepalive: sent as the page is left (a reload inside the quiet period must not lose the change). */
export const putSettings = (patch: SettingsPatch, { keepalive = false } = {}) =>
  call(u.putSettings, { body: patch, reply: settingsReply, quiet: true, keepalive }).then((r) => r.Data);

export const resetSettings = () => call(u.resetSettings, { reply: settingsReply, quiet: true }).then((r) => r.Data);

export const changePassword = (body: ChangePasswordBody) =>
  call(u.changePassword, { body, reply: z.object({ success: z.boolean(), message: z.string().optional() }), quiet: true });
