import { ntripRoutes } from './ntrip/routes.js';
import { ntripCredentialRoutes } from './ntrip/credentials-routes.js';
import { userNtripSourceRoutes } from './ntrip/user-source-routes.js';
import { correctionsClientsRoutes } from './ntrip/corrections-clients-routes.js';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import express, { type Express, type Request } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { DESIGN_IMPORT_BODY_BYTES, designEndpoints, LIMITS } from '@smi/contracts';
import { authRoutes } from './auth/routes.js';
import { settingsRoutes } from './user/settings-routes.js';
import { exportRoutes } from './exports/routes.js';
import { deviceRoutes } from './devices/routes.js';
import { baseSetupRoutes } from './base-setups/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { projectRoutes } from './projects/routes.js';
import { pointRoutes } from './points/routes.js';
import { occupationRoutes } from './occupations/routes.js';
import { deviceCredentialRoutes } from './device-credentials/routes.js';
import { healthRoutes } from './realtime/health-routes.js';
import { publicConfigRoutes } from './public-config/routes.js';
import { crsRoutes } from './crs/routes.js';
import { gridRoutes } from './crs/grid-routes.js';
import { codeListRoutes } from './code-lists/routes.js';
import { designRoutes } from './design/routes.js';
import { stakeRoutes } from './stake/routes.js';
import { cogoRoutes } from './cogo/routes.js';
import { lineworkRoutes } from './linework/routes.js';
import { apiDescriptionRoutes } from './api-description/routes.js';
import { workspaceRoutes } from './workspaces/routes.js';
import { photoRoutes } from './photos/routes.js';
import { auditRoutes } from './audit/routes.js';
import { csrfGuard } from './http/csrf.js';
import type { AppDeps } from './http/deps.js';
import { apiNotFound, errorMiddleware } from './http/errors.js';

const PHOTO_UPLOAD = /^\/api\/points\/[^/]+\/[^/]+\/photos\/?$/;
const photoUploadPath = (req: Request) => req.method === 'POST' && PHOTO_UPLOAD.test(req.originalUrl.split('?')[0]!);

/** Origins the SPA may load map tiles from, taken from the tile URL template ({s} subdomains become a wildcard). */
function tileSources(tileUrl: string): string[] {
  try {
    const url = new URL(tileUrl.replace(/\{s\}/g, 'a').replace(/\{[^}]+\}/g, '0'));
    return tileUrl.includes('{s}.') ? [`${url.protocol}//*.${url.host.split('.').slice(1).join('.')}`] : [url.origin];
  } catch {
    return [];
  }
}

/**
 * The composition root of the HTTP app: security headers, the body limits, every router of the api, the web app's
 * files, and the error answer. The kernel it builds on (mounting an endpoint, errors, CSRF, rate limits) is http/.
 */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.set('query parser', 'simple');
  // what mount() reads a point's recorder with, for the one role check of every route (decision 064)
  app.locals.db = deps.db;

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
  // a photo comes as the image file itself, read by its route (decision 067)
  app.use('/api', csrfGuard({ publicUrl: deps.config.publicUrl, fileBodies: photoUploadPath }));
  // a design file comes as the text of a JSON body: up to its own limit (the importer names a file over it)
  app.use([designEndpoints.importDesign.path, designEndpoints.previewDesignImport.path], express.json({ limit: DESIGN_IMPORT_BODY_BYTES, strict: true }));
  app.use('/api', express.json({ limit: LIMITS.jsonBodyBytes, strict: true }));
  app.use('/api', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  for (const routes of [authRoutes, settingsRoutes, exportRoutes, deviceRoutes, notificationRoutes, projectRoutes, pointRoutes, occupationRoutes, deviceCredentialRoutes, healthRoutes, publicConfigRoutes, ntripRoutes, ntripCredentialRoutes, userNtripSourceRoutes, correctionsClientsRoutes, baseSetupRoutes, crsRoutes, gridRoutes, codeListRoutes, designRoutes, stakeRoutes, cogoRoutes, lineworkRoutes, apiDescriptionRoutes, photoRoutes, workspaceRoutes, auditRoutes]) app.use(routes(deps));
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
