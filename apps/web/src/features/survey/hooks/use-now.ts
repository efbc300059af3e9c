import { useEffect, useState } from 'react';

/** The clock, ticking every `everyMs`: what makes a fix's age (and its going stale) show without a new reading. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
