import express, { type Express } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { clientApp } from './http/client-app';
import { apiNotFound, errorHandler } from './http/errors';
import { requestLogger } from './http/request-logger';
import { securityHeaders } from './http/security-headers';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalog } from './modules/catalog/catalog.service';
import { healthRoutes } from './modules/health/health.routes';

export interface AppDeps {
  db: Knex;
  logger: Logger;
  /** Folder of the built client (dist/client); without it only the API is served. */
  clientDir?: string;
  /** How long one instance reuses the serialised catalogue (tests that write products use 0). */
  catalogTtlMs?: number;
}

/** Builds the Express app without listening, so tests drive it through supertest. */
export function createApp({ db, logger, clientDir, catalogTtlMs }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(requestLogger(app, logger));
  app.use(securityHeaders());

  const api = express.Router();
  api.use(express.json({ limit: '100kb' }));
  api.use(healthRoutes(db));
  api.use(catalogRoutes(createCatalog(db, { ttlMs: catalogTtlMs })));
  api.use(apiNotFound);
  app.use('/api', api);

  if (clientDir) app.use(clientApp(clientDir));
  app.use(errorHandler);
  return app;
}
