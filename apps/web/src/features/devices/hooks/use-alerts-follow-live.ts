import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { levelTone } from '../../../lib/format';
import { deviceKeys } from '../api/keys';
import type { LiveDevice } from '../live-merge';

/** The gateway stores device state at most once a second; ask for alerts a little after that. */
const AFTER_STATE_WRITE_MS = 1500;

/**
 * Alerts are computed by the server from stored device state. When the live feed shows a device change band
 * (online/offline, battery or signal crossing 25 / 75), the alerts are read again instead of waiting for the poll.
 */
export function useAlertsFollowLive(userId: string, devices: LiveDevice[] | undefined) {
  const queryClient = useQueryClient();
  const key = devices?.map((d) => `${d.device._id}:${d.status}:${levelTone(d.battery)}:${levelTone(d.signal)}`).join('|') ?? '';
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: deviceKeys.alerts(userId) }), AFTER_STATE_WRITE_MS);
    return () => clearTimeout(timer);
  }, [key, userId, queryClient]);
}
