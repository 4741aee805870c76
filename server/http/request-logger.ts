import type { Express, Request, RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    /** The app logger bound to this request's id. */
    log: Logger;
  }
}

// Load balancers ask the first two every few seconds, Prometheus the last.
const QUIET_PATHS = new Set(['/api/health', '/api/ready', '/metrics']);
const childLogger = Symbol('childLogger');
type WithChild = Request & { [childLogger]?: Logger };

/**
 * A request id per request (kept from a proxy's X-Request-Id when it looks sane) and one log line
 * when the answer is sent: method, path without the query (tokens travel there), status, time.
 * Lighter than pino-http: req.log is a getter on this app's request prototype, and the child
 * logger is made only when a handler asks for it.
 */
export function requestLogger(app: Express, logger: Logger): RequestHandler {
  Object.defineProperty(app.request, 'log', {
    get(this: WithChild) {
      return (this[childLogger] ??= logger.child({ reqId: this.id }));
    },
  });

  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);

    const path = req.path; // read now: routers below rewrite req.url while they run
    if (logger.isLevelEnabled('info') && !QUIET_PATHS.has(path)) {
      const started = performance.now();
      res.once('finish', () => {
        logger.info(
          { reqId: id, method: req.method, path, status: res.statusCode, ms: Math.round(performance.now() - started) },
          'request completed',
        );
      });
    }
    next();
  };
}
