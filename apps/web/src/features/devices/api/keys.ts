/** Query keys of the device data: everything under ['devices'] is re-fetched after a live-feed drop. */
export const deviceKeys = {
  all: ['devices'] as const,
  connected: (userId: string) => ['devices', 'connected', userId] as const,
  registered: (userId: string) => ['devices', 'registered', userId] as const,
  alerts: (userId: string) => ['devices', 'alerts', userId] as const,
  one: (deviceId: string) => ['devices', 'one', deviceId] as const,
};
