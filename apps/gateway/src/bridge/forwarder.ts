import type { LiveReading } from '@smi/contracts';

/**
 * Hands readings on at most `perSecond` times a second per device. Faster readings are coalesced: the pending one
 * is replaced by the newer one (and counted), so a flood costs one message per interval and the last reading of
 * a burst always goes out.
 */
export function coalescingForwarder(o: { perSecond: number; send: (r: LiveReading) => void; onCoalesced: () => void }) {
  const interval = 1000 / o.perSecond;
  const devices = new Map<string, { lastSent: number; pending?: LiveReading; timer?: NodeJS.Timeout }>();

  function flush(code: string) {
    const d = devices.get(code);
    if (!d?.pending) return;
    const reading = d.pending;
    d.pending = undefined;
    d.timer = undefined;
    d.lastSent = Date.now();
    o.send(reading);
  }

  return {
    offer(reading: LiveReading) {
      const code = reading.deviceCode;
      let d = devices.get(code);
      if (!d) devices.set(code, (d = { lastSent: 0 }));
      if (d.pending) o.onCoalesced();
      d.pending = reading;
      if (d.timer) return;
      const wait = d.lastSent + interval - Date.now();
      if (wait <= 0) flush(code);
      else d.timer = setTimeout(flush, wait, code);
    },
    close() {
      for (const d of devices.values()) clearTimeout(d.timer);
      devices.clear();
    },
  };
}
