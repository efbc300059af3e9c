import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { makeQueryClient, Providers } from './app/providers';
import { AppRoutes, screensFor } from './app/router';
import { restoreTheme } from './features/settings/theme';
import { reloadOnceForMissingChunk } from './app/chunk-reload';
import './index.css';

// the last visit's theme, before anything is drawn, so a dark page does not flash light
restoreTheme();
reloadOnceForMissingChunk();

// a page opened directly (bookmark, link, reload) fetches its code, the session check and its data side by side,
// not each only after the one before has arrived and been drawn
const queryClient = makeQueryClient();
const opened = screensFor(window.location.pathname);
// first in the browser's queue: the session check waits for it
if (opened.signedIn) {
  // a warm-up only: the screen asks for its data again and shows its own error
  void import('./app/route-data').then(({ warmRouteData }) => warmRouteData(queryClient, window.location.pathname)).catch(() => undefined);
}
opened.preload();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
