import { ntripRoutes } from '../ntrip/routes.js';
import { ntripCredentialRoutes } from '../ntrip/credentials-routes.js';
import { userNtripSourceRoutes } from '../ntrip/user-source-routes.js';
import { correctionsClientsRoutes } from '../ntrip/corrections-clients-routes.js';
import { existsSync } from 'node:fs';
import { IncomingMessage, ServerResponse, createServer, type Server } from 'node:http';
import { join } from 'node:path';
import express, { type Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { DESIGN_IMPORT_BODY_BYTES, designEndpoints, LIMITS } from '@smi/contracts';
import { authRoutes } from '../auth/routes.js';
import { settingsRoutes } from '../user/settings-routes.js';
import { exportRoutes } from '../exports/routes.js';
import { deviceRoutes } from '../devices/routes.js';
import { baseSetupRoutes } from '../base-setups/routes.js';
import { notificationRoutes } from '../notifications/routes.js';
import { projectRoutes } from '../projects/routes.js';
import { pointRoutes } from '../points/routes.js';
import { occupationRoutes } from '../occupations/routes.js';
import { deviceCredentialRoutes } from '../device-credentials/routes.js';
import { healthRoutes } from '../realtime/health-routes.js';
import { publicConfigRoutes } from '../public-config/routes.js';
import { crsRoutes } from '../crs/routes.js';
import { gridRoutes } from '../crs/grid-routes.js';
import { codeListRoutes } from '../code-lists/routes.js';
import { designRoutes } from '../design/routes.js';
import { stakeRoutes } from '../stake/routes.js';
import { lineworkRoutes } from '../linework/routes.js';
import { apiDescriptionRoutes } from '../api-description/routes.js';
import { csrfGuard } from './csrf.js';
import type { AppDeps } from './deps.js';
import { apiNotFound, errorMiddleware } from './errors.js';

/** Origins the SPA may load map tiles from, taken from the tile URL template ({s} subdomains become a wildcard). */
function tileSources(tileUrl: string): string[] {
  try {
    const url = new URL(tileUrl.replace(/\{s\}/g, 'a').replace(/\{[^}]+\}/g, '0'));
    return tileUrl.includes('{s}.') ? [`${url.protocol}//*.${url.host.split('.').slice(1).join('.')}`] : [url.origin];
  } catch {
    return [];
  }
}

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.set('query parser', 'simple');

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'img-src': ["'self'", 'data:', 'blob:', ...tileSources(deps.config.tileUrl)],
          'style-src': ["'self'", "'unsafe-inline'"],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          // plain http on localhost must stay plain http
          'upgrade-insecure-requests': deps.config.publicUrl?.startsWith('https:') ? [] : null,
        },
      },
      strictTransportSecurity: deps.config.publicUrl?.startsWith('https:') ? undefined : false,
    }),
  );

  // routes are declared with their full /api/... path (the contracts table), so routers mount at the root
  app.use('/api', csrfGuard({ publicUrl: deps.config.publicUrl }));
  // a design file comes as the text of a JSON body: up to its own limit (the importer names a file over it)
  app.use([designEndpoints.importDesign.path, designEndpoints.previewDesignImport.path], express.json({ limit: DESIGN_IMPORT_BODY_BYTES, strict: true }));
  app.use('/api', express.json({ limit: LIMITS.jsonBodyBytes, strict: true }));
  app.use('/api', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  for (const routes of [authRoutes, settingsRoutes, exportRoutes, deviceRoutes, notificationRoutes, projectRoutes, pointRoutes, occupationRoutes, deviceCredentialRoutes, healthRoutes, publicConfigRoutes, ntripRoutes, ntripCredentialRoutes, userNtripSourceRoutes, correctionsClientsRoutes, baseSetupRoutes, crsRoutes, gridRoutes, codeListRoutes, designRoutes, stakeRoutes, lineworkRoutes, apiDescriptionRoutes]) app.use(routes(deps));
  app.use('/api', apiNotFound);

  const dist = deps.config.webDist;
  if (dist && existsSync(join(dist, 'index.html'))) {
    // the build writes .br/.gz beside each asset (apps/web/vite-precompress.ts): sent as they are, nothing compressed per request
    app.use(expressStaticGzip(dist, { enableBrotli: true, orderPreference: ['br'], index: false, serveStatic: { index: false, maxAge: '1h', setHeaders: immutableAssets } }));
    app.get('/{*splat}', (_req, res) => res.sendFile(join(dist, 'index.html'), { headers: { 'Cache-Control': 'no-cache' } }));
  } else {
    app.get('/{*splat}', (_req, res) => {
      res.status(503).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    });
  }

  app.use(errorMiddleware(deps.log));
  return app;
}

function immutableAssets(res: ServerResponse, path: string) {
  if (/[\\/]assets[\\/]/.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}

/**
 * The HTTP server for the app, whose requests and responses are made with the app's own prototypes from the start.
 * - Express otherwise swaps the prototype of every request and response (Object.setPrototypeOf in app.handle). V8
 *   then kept each request's objects past two young-generation collections: ~13 KB promoted per request, the old
 *   generation full every ~4 s at 200 req/s, and each of its collections held the event loop 30-45 ms.
 * - The prototypes are classes extending node's own, not functions calling Reflect.construct with the app's
 *   prototypes: made that way a request still cost 29 KB of allocation and ~2 KB promoted (Express with one route at
 *   200 req/s: 4.3 MB promoted in 10 s); as classes, 9 KB and nothing promoted (0.03 MB in 10 s).
 * Each class's prototype takes the place of app.request / app.response: it inherits Express's request and response
 * methods and carries `app` as Express's own did, so Express finds the prototype already set and changes nothing.
 */
export function createAppServer(app: Express): Server {
  class AppRequest extends IncomingMessage {}
  class AppResponse extends ServerResponse {}
  app.request = adopt(AppRequest.prototype, app.request);
  app.response = adopt(AppResponse.prototype, app.response);
  return createServer({ IncomingMessage: AppRequest, ServerResponse: AppResponse }, app);
}

/** Makes `proto` stand in for Express's per-app prototype `was`: the same parent and the same own properties. */
function adopt<T extends object>(proto: object, was: T): T {
  Object.setPrototypeOf(proto, Object.getPrototypeOf(was));
  Object.defineProperties(proto, Object.getOwnPropertyDescriptors(was));
  return proto as T;
}
