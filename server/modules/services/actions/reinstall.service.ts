import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import { ConflictError, HttpError, ValidationError } from '../../../http/errors';
import type { JobQueue } from '../../../jobs/job-queue';
import { FOLLOW_REINSTALL_QUEUE } from '../../../jobs/queues';
import { authorize } from '../../../policies/authorize';
import { CloudImageUnavailable, type CloudAdapter } from '../../../providers/cloud/types';
import type { ServiceDto, ServiceReinstallInput } from '../../../../shared/schemas/services';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import { findCustomerService } from '../customer-services.repo';
import { ServiceNotFound } from '../service-lifecycle.errors';
import { lockService } from '../services.repo';
import { presentService } from '../services.presenter';
import { assertActionable } from './actionable';
import { machineNameOf, startReinstall, undoReinstall } from './reinstall.repo';

/** The account's key a reinstall installs (the SSH keys module answers only the owner's). */
export type OwnKey = (user: UserRow, id: number) => Promise<{ name: string; fingerprint: string; public_key: string } | undefined>;

export interface FollowReinstallJob {
  serviceId: number;
}

/** The first look at the install: OVH needs a few seconds to start the task. */
export const FIRST_LOOK_SECONDS = 5;

/**
 * A customer reinstalls their VPS (issue 33): a system of the product's choices, root's SSH key from
 * the account. Marked as running before OVH is asked (a second request meanwhile is a 409), OVH asked
 * outside any transaction, then a job follows the install to its end (follow-reinstall.job.ts).
 */
export function createServiceReinstall(deps: {
  db: Knex;
  clock: Clock;
  cloud: Pick<CloudAdapter, 'rebuild'>;
  jobs: JobQueue;
  ownKey: OwnKey;
}) {
  const { db, clock, cloud, jobs } = deps;

  return async function reinstall(user: UserRow, id: number, input: ServiceReinstallInput, ip?: string): Promise<ServiceDto> {
    const service = await findCustomerService(db, user.id, id);
    if (!service) throw ServiceNotFound();
    authorize(user, 'service.manage', service);
    if (service.kind !== 'vps') throw ConflictError('reinstall_not_offered', 'Only a VPS is reinstalled from the panel');
    assertActionable(service);
    const choice = service.os_choices?.find((os) => os.id === input.os);
    if (!choice) throw ValidationError({ os: ['services.reinstall.erroros'] });
    const key = await deps.ownKey(user, Number(input.sshKeyId));
    if (!key) throw ValidationError({ sshKeyId: ['services.reinstall.errorkey'] });
    const machine = service.vps_id === null ? undefined : await machineNameOf(db, service.vps_id);
    if (!machine) throw ConflictError('service_not_ready', 'The service is not delivered yet');

    await db.transaction(async (trx) => {
      const locked = await lockService(trx, id);
      if (!locked) throw ServiceNotFound();
      assertActionable(locked);
      const what = { os: choice.id, key: { name: key.name, fingerprint: key.fingerprint } };
      if (!(await startReinstall(trx, id, what, clock.now()))) {
        throw ConflictError('reinstall_running', 'A reinstall of this server is already running');
      }
      await writeAudit(trx, {
        actorId: user.id,
        action: 'service.reinstall_started',
        entityType: 'service',
        entityId: id,
        after: { os: choice.id, sshKey: key.fingerprint },
        ip,
      });
      // Queued with the mark: if this process stops after OVH took the rebuild, the install is still followed.
      await jobs.send(trx, FOLLOW_REINSTALL_QUEUE.name, { serviceId: id } satisfies FollowReinstallJob, { startAfter: FIRST_LOOK_SECONDS });
    });

    try {
      await cloud.rebuild(machine, choice.name, { publicSshKey: key.public_key });
    } catch (err) {
      await db.transaction(async (trx) => {
        await undoReinstall(trx, id, clock.now());
        const reason = err instanceof CloudImageUnavailable ? 'os_unavailable' : 'cloud_unavailable';
        await writeAudit(trx, {
          actorId: user.id,
          action: 'service.reinstall_refused',
          entityType: 'service',
          entityId: id,
          after: { reason },
          ip,
        });
      });
      if (err instanceof CloudImageUnavailable) throw ConflictError('os_unavailable', 'This system cannot be installed on this server');
      throw new HttpError(502, 'cloud_unavailable', 'The hosting provider could not be reached; nothing was changed');
    }
    return presentService((await findCustomerService(db, user.id, id))!);
  };
}

export type ServiceReinstall = ReturnType<typeof createServiceReinstall>;
