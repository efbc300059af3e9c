import { IncomingMessage, ServerResponse, createServer, type Server } from 'node:http';
import type { Express } from 'express';

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
