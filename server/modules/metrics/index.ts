import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import { metricsRoutes } from './metrics.routes';
import { createMetricsExposition } from './metrics.service';
import { createScrapeGauges } from './scrape-gauges';

/** GET /metrics: the process's instruments and the figures read from this app's database at each scrape. */
export function metricsModule(deps: {
  db: Knex;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
  token: string | undefined;
  ready: () => Promise<boolean>;
}) {
  const exposition = createMetricsExposition(createScrapeGauges(deps));
  return { routes: metricsRoutes({ exposition, token: deps.token }) };
}
