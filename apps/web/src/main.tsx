import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { restoreTheme } from './features/settings/theme';
import { reloadOnceForMissingChunk } from './app/chunk-reload';
import './index.css';

// the last visit's theme, before anything is drawn, so a dark page does not flash light
restoreTheme();
reloadOnceForMissingChunk();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
