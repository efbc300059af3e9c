import type { RequestHandler } from 'express';
import { AppError } from './errors.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie sessions need CSRF protection. A browser names the page's origin on every state-changing request:
 * one that names another site is refused (403), as is any request a browser marks cross-site. Bodies must be JSON,
 * which a cross-site HTML form cannot send. Clients that send no Origin (curl, devices, tests) are judged by their
 * cookie alone.
 */
export function csrfGuard(opts: { publicUrl?: string }): RequestHandler {
  const configured = opts.publicUrl ? new URL(opts.publicUrl).origin : undefined;
  return (req, _res, next) => {
    if (req.get('sec-fetch-site') === 'cross-site') throw new AppError(403, 'Cross-site request refused');
    if (SAFE.has(req.method)) return next();
    const origin = req.get('origin');
    if (origin !== undefined) {
      const own = `${req.protocol}://${req.get('host')}`;
      if (origin !== own && origin !== configured) throw new AppError(403, 'Cross-site request refused');
    }
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is('application/json')) throw new AppError(415, 'Request body must be JSON');
    next();
  };
}
