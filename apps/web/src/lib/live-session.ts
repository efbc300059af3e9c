/**
 * Logout has to end the live feed, but the feed (socket.io) is loaded only with the screens that show live data.
 * The feed registers its closer here when it loads; logout calls whatever is registered, and loads nothing.
 */
const closers = new Set<() => void>();

export function onLiveSessionEnd(close: () => void): () => void {
  closers.add(close);
  return () => closers.delete(close);
}

export function endLiveSession(): void {
  closers.forEach((close) => close());
}
