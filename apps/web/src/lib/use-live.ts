import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveReading } from '@smi/contracts';
import { liveFeed } from './socket';

/** The live feed's connection status, as the status text shows it. */
export const useFeedStatus = () => useSyncExternalStore(liveFeed.subscribeStatus, liveFeed.getStatus);

/** Latest readings (last 10 each) of these device codes, updated in batches. */
export function useLiveReadings(codes: readonly string[]): Record<string, readonly LiveReading[]> {
  useResyncAfterDrop();
  const key = [...codes].sort().join('\n');
  useEffect(() => {
    if (!key) return;
    return liveFeed.watch(key.split('\n'));
  }, [key]);
  const all = useSyncExternalStore(liveFeed.store.subscribe, liveFeed.store.get);
  return useMemo(() => {
    const picked: Record<string, readonly LiveReading[]> = {};
    for (const code of key ? key.split('\n') : []) if (all[code]) picked[code] = all[code];
    return picked;
  }, [all, key]);
}

/** After the live feed comes back from a drop, what it missed is read again over REST (the session check aside). */
function useResyncAfterDrop() {
  const client = useQueryClient();
  useEffect(() => liveFeed.onResync(() => void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' })), [client]);
}
