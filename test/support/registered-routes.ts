import type { Express } from 'express';

export interface RegisteredRoute {
  method: string;
  /** OpenAPI style, as the contract writes it: /api/orders/{id}. */
  path: string;
}

interface Layer {
  rawPath?: string;
  slash?: boolean;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * Every route the app answers, read from Express's own router stacks (not from the contract), so
 * a route registered by hand next to the contract is found too.
 */
export function registeredRoutes(app: Express): RegisteredRoute[] {
  const found: RegisteredRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          for (const method of Object.keys(layer.route.methods)) {
            found.push({ method, path: `${prefix}${path}`.replace(/:(\w+)/g, '{$1}') });
          }
        }
      } else if (layer.handle?.stack) {
        const mount = layer.rawPath && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, `${prefix}${mount}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found.filter((r) => r.path.startsWith('/api/'));
}
