import type { Request, RequestHandler } from 'express';
import { PHOTO_UPLOAD_TYPES } from '@smi/contracts';
import { AppError } from './errors.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie sessions need CSRF protection. A browser names the page's origin on every state-changing request:
 * one that names another site is refused (403), as is any request a browser marks cross-site. Bodies must be JSON,
 * which a cross-site HTML form cannot send. Clients that send no Origin (curl, devices, tests) are judged by their
 * cookie alone. Where `fileBodies` says a request carries a file (a photo), the body may be an image or octet stream
 * instead: a form cannot send those types either, and a script of another site must ask first (CORS preflight).
 */
export function csrfGuard(opts: { publicUrl?: string; fileBodies?: (req: Request) => boolean }): RequestHandler {
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
    if (hasBody && !req.is('application/json') && !(opts.fileBodies?.(req) && req.is(PHOTO_UPLOAD_TYPES))) throw new AppError(415, 'Request body must be JSON');
    next();
  };
}
