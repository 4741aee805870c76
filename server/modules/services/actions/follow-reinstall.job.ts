import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import type { JobQueue } from '../../../jobs/job-queue';
import { FOLLOW_REINSTALL_QUEUE } from '../../../jobs/queues';
import type { CloudAdapter } from '../../../providers/cloud/types';
import { writeAudit } from '../../audit/audit.repo';
import { findService, lockService, type ServiceRow } from '../services.repo';
import { finishReinstall, machineNameOf, osNameOf } from './reinstall.repo';
import type { FollowReinstallJob } from './reinstall.service';

/** How often the install is looked at while it runs. */
const LOOK_EVERY_SECONDS = 5;
/** An install still running after this long has failed for the customer: the panel says so. */
const GIVE_UP_AFTER_MS = 60 * 60 * 1000;

type Outcome = { state: 'done'; os: string; osName: string } | { state: 'failed' };

/**
 * One look at a running reinstall: still installing, the job comes back in a few seconds; ended,
 * the service records how (and the chosen system becomes the new one), with an audit row the
 * customer's history shows. Run twice, the second run finds nothing running and does nothing.
 */
export function createFollowReinstall(deps: { db: Knex; clock: Clock; cloud: Pick<CloudAdapter, 'installState'>; jobs: JobQueue }) {
  const { db, clock, cloud, jobs } = deps;

  async function finish(service: ServiceRow, outcome: Outcome) {
    await db.transaction(async (trx) => {
      const locked = await lockService(trx, service.id);
      if (!locked || !(await finishReinstall(trx, locked, outcome, clock.now()))) return;
      await writeAudit(trx, {
        actorId: null,
        action: outcome.state === 'done' ? 'service.reinstalled' : 'service.reinstall_failed',
        entityType: 'service',
        entityId: service.id,
        after: { os: locked.reinstall_os },
      });
    });
  }

  return async function followReinstall({ serviceId }: FollowReinstallJob): Promise<void> {
    const service = await findService(db, serviceId);
    if (!service || service.reinstall_state !== 'installing' || service.vps_id === null) return;
    const machine = await machineNameOf(db, service.vps_id);
    if (!machine) return finish(service, { state: 'failed' });
    const state = await cloud.installState(machine);
    if (state === 'failed') return finish(service, { state: 'failed' });
    if (state === 'ready') {
      const osName = (await osNameOf(db, service, service.reinstall_os!)) ?? service.reinstall_os!;
      return finish(service, { state: 'done', os: service.reinstall_os!, osName });
    }
    const startedAt = service.reinstall_started_at?.getTime() ?? clock.now().getTime();
    if (clock.now().getTime() - startedAt > GIVE_UP_AFTER_MS) return finish(service, { state: 'failed' });
    await jobs.send(db, FOLLOW_REINSTALL_QUEUE.name, { serviceId } satisfies FollowReinstallJob, { startAfter: LOOK_EVERY_SECONDS });
  };
}

/** This instance follows reinstalls. */
export async function startFollowReinstall(jobs: JobQueue, follow: ReturnType<typeof createFollowReinstall>): Promise<void> {
  await jobs.work<FollowReinstallJob>(FOLLOW_REINSTALL_QUEUE.name, (job) => follow(job), { pollingIntervalSeconds: 1 });
}
