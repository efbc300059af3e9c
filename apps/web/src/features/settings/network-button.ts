import type { UserSettings } from '@smi/contracts';

type UrlType = UserSettings['network']['mqttUrlType'];

export type NetworkButton =
  | { kind: 'reset'; label: 'RESET TO DEFAULT' }
  | { kind: 'save'; label: 'SAVE NETWORK' }
  | { kind: 'disabled'; label: 'SAVE NETWORK' };

/** The network button: saved Custom -> reset; saved Default but Custom chosen -> save; both Default -> disabled. */
export function networkButton(saved: UrlType, selected: UrlType): NetworkButton {
  if (saved === 'Custom') return { kind: 'reset', label: 'RESET TO DEFAULT' };
  if (selected === 'Custom') return { kind: 'save', label: 'SAVE NETWORK' };
  return { kind: 'disabled', label: 'SAVE NETWORK' };
}

/** The URL is saved this long after the type, and the saved notice stays about 2 s. */
export const NETWORK_URL_DELAY_MS = 350;
export const NETWORK_NOTICE_MS = 2000;
