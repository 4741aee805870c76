import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import type { StaffGuards } from '../../http/require-staff';
import type { JobQueue } from '../../jobs/job-queue';
import type { CloudAdapter } from '../../providers/cloud/types';
import type { Mailer } from '../mail/mail.service';
import { createServiceReinstall, type OwnKey } from './actions/reinstall.service';
import { createReverseDns } from './actions/reverse-dns.service';
import { createCustomerServices } from './customer-services.service';
import { servicesRoutes, staffDeliveriesRoutes } from './services.routes';
import { createStaffDeliveries } from './staff-deliveries.service';
import { vpsToolsModule } from './vps-tools';

export { createServicesForPaidOrder, DELIVERY_DEADLINE_MS, type ProvisionServiceJob } from './delivery/create-services';
export { deliverServiceByHand } from './delivery/deliver-by-hand';
export { endServicesOfRefundedOrder, type EndServiceJob } from './end-after-refund';
export { createEndServiceAtProvider, startEndServiceJobs } from './end-service.job';
export { createDeliveryRunner, type DeliveryRunner, type Provisioners } from './delivery/delivery-runner';
export { createGameServerProvisioner } from './delivery/game-server.provisioner';
export { createVpsProvisioner } from './delivery/vps.provisioner';
export { startDelivery } from './delivery/delivery.job';
export { createFollowReinstall, startFollowReinstall } from './actions/follow-reinstall.job';

/** What customers own (services) and the deliveries staff take over. */
export function servicesModule(deps: {
  db: Knex;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  requireUser: RequestHandler;
  guards: StaffGuards;
  cloud: CloudAdapter;
  ownKey: OwnKey;
  actionLimit: RequestHandler;
  encryptionKey: string;
}) {
  const services = createCustomerServices(deps);
  const deliveries = createStaffDeliveries(deps);
  const reinstall = createServiceReinstall(deps);
  const reverseDns = createReverseDns(deps);
  const routes = servicesRoutes({ services, reinstall, reverseDns, requireUser: deps.requireUser, actionLimit: deps.actionLimit });
  routes.use(vpsToolsModule(deps));
  return {
    routes,
    staffRoutes: staffDeliveriesRoutes({ deliveries, guards: deps.guards }),
    services,
    deliveries,
  };
}
