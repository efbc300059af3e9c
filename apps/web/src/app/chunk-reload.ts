const KEY = 'smi-chunk-reload';

/**
 * After a new version is deployed, an open tab may ask for a screen's chunk under its old hashed name, which is
 * gone. Vite reports that as `vite:preloadError`; one reload fetches the new index. Only once per minute, so a
 * server that is really down shows the error screen instead of reloading forever.
 */
export function reloadOnceForMissingChunk(): void {
  window.addEventListener('vite:preloadError', (event) => {
    try {
      if (Date.now() - Number(sessionStorage.getItem(KEY) ?? 0) < 60_000) return;
      sessionStorage.setItem(KEY, String(Date.now()));
    } catch {
      return;
    }
    event.preventDefault();
    window.location.reload();
  });
}
