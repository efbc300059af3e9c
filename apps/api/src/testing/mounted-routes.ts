import type { Express } from 'express';

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  /** the path the layer was mounted at (app.use(path, router)) */
  rawPath?: unknown;
}

export interface MountedRoutes {
  /** every "METHOD /path" the app answers, with the prefix of each router it sits in */
  routes: string[];
  /** routes or routers whose path is not a plain string (a RegExp, say): no table entry can name them */
  unreadable: string[];
}

/**
 * What an Express app answers, read from its router and every router mounted in it, wherever it is mounted: the
 * endpoint-table test compares this with the contracts table, so a route added outside mount() or a router mounted
 * under a prefix cannot escape it.
 */
export function mountedRoutes(app: Express): MountedRoutes {
  const routes: string[] = [];
  const unreadable: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? (layer.route.path as unknown[]) : [layer.route.path];
        for (const path of paths) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (!on) continue;
            if (typeof path === 'string') routes.push(`${method.toUpperCase()} ${prefix}${path}`);
            else unreadable.push(`${method.toUpperCase()} ${prefix}${String(path)}`);
          }
        }
      } else if (layer.handle?.stack) {
        const at = layer.rawPath ?? '/';
        if (typeof at !== 'string') unreadable.push(`router at ${prefix}${String(at)}`);
        else walk(layer.handle.stack, at === '/' ? prefix : `${prefix}${at.replace(/\/$/, '')}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return { routes, unreadable };
}
