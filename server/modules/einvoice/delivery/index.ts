import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import type { StaffGuards } from '../../../http/require-staff';
import type { JobQueue } from '../../../jobs/job-queue';
import { einvoiceDeliveriesRoutes } from './einvoice-deliveries.routes';
import { createEinvoiceDeliveries } from './einvoice-deliveries.service';

/** Billing's Peppol deliveries of issued documents, and sending one again. */
export function einvoiceDeliveriesModule(deps: { db: Knex; guards: StaffGuards; jobs: JobQueue; clock: Clock }) {
  const deliveries = createEinvoiceDeliveries(deps);
  return { routes: einvoiceDeliveriesRoutes({ deliveries, guards: deps.guards }), deliveries };
}
