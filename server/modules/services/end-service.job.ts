import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { JobQueue } from '../../jobs/job-queue';
import { END_SERVICE_QUEUE } from '../../jobs/queues';
import type { EndServiceJob } from './end-after-refund';
import type { ServiceMachines } from './machines/service-machines';
import { serviceWithMachine } from './services.repo';

/**
 * After the commit that terminated a service (a full refund): its server is deleted at the provider.
 * A provider down throws, and pg-boss retries; one already gone is fine.
 */
export function createEndServiceAtProvider(deps: { db: Knex; machines: ServiceMachines; logger: Pick<Logger, 'info'> }) {
  return async ({ serviceId }: EndServiceJob): Promise<void> => {
    const service = await serviceWithMachine(deps.db, serviceId);
    if (!service || service.status !== 'terminated') return;
    await deps.machines.terminate({
      id: service.id,
      kind: service.kind,
      vps_service_name: service.vps_service_name,
      panel_server_id: service.panel_server_id,
    });
    deps.logger.info({ serviceId }, 'service ended at the provider');
  };
}

export async function startEndServiceJobs(jobs: JobQueue, handler: ReturnType<typeof createEndServiceAtProvider>): Promise<void> {
  await jobs.work<EndServiceJob>(END_SERVICE_QUEUE.name, handler);
}
