import { Router } from 'express';
import { apiDescriptionEndpoints as e, openApiDocument } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/route.js';

/**
 * GET /api/openapi.json: the API described as an OpenAPI 3.1 document, made once from the endpoint table (so it
 * cannot describe an endpoint the app does not mount, nor leave one out: a test compares both).
 */
export function apiDescriptionRoutes(deps: AppDeps): Router {
  const router = Router();
  let document: Record<string, unknown> | undefined;
  mount(router, e.openApi, async () => null, () => (document ??= openApiDocument({ serverUrl: deps.config.publicUrl })));
  return router;
}
