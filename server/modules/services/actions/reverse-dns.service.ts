import type { Knex } from 'knex';
import { ConflictError, HttpError, ValidationError } from '../../../http/errors';
import { authorize } from '../../../policies/authorize';
import { CloudReverseRefused, type CloudAdapter } from '../../../providers/cloud/types';
import type { ServiceDto, ServiceReverseDnsSchemaOutput } from '../../../../shared/schemas/services';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import { findCustomerService } from '../customer-services.repo';
import { ServiceNotFound } from '../service-lifecycle.errors';
import { presentService } from '../services.presenter';
import { assertActionable } from './actionable';
import { recordReverseDns } from './reinstall.repo';

/**
 * A VPS's reverse DNS (issue 33): the name its address answers with, set at the provider first
 * (outside any transaction), then kept and audited. OVH refuses a name that does not resolve to the
 * address yet: a 422 the panel explains in the customer's language.
 */
export function createReverseDns(deps: { db: Knex; cloud: Pick<CloudAdapter, 'setReverse'> }) {
  const { db, cloud } = deps;

  return async function setReverseDns(user: UserRow, id: number, input: ServiceReverseDnsSchemaOutput, ip?: string): Promise<ServiceDto> {
    const service = await findCustomerService(db, user.id, id);
    if (!service) throw ServiceNotFound();
    authorize(user, 'service.manage', service);
    if (service.kind !== 'vps')
      throw ConflictError('reverse_dns_not_offered', 'A game server shares its address: it has no reverse DNS of its own');
    assertActionable(service);
    if (service.vps_id === null || service.vps_ip !== input.ip) throw ValidationError({ ip: ['services.rdns.errorip'] });
    try {
      await cloud.setReverse(input.ip, input.reverse);
    } catch (err) {
      if (err instanceof CloudReverseRefused) {
        throw new HttpError(422, 'reverse_not_resolving', `${input.reverse} does not resolve to ${input.ip} yet`, {
          reverse: ['services.rdns.notresolving'],
        });
      }
      throw new HttpError(502, 'cloud_unavailable', 'The hosting provider could not be reached; nothing was changed');
    }
    await db.transaction(async (trx) => {
      await recordReverseDns(trx, service.vps_id!, input.reverse);
      await writeAudit(trx, {
        actorId: user.id,
        action: 'service.reverse_dns_set',
        entityType: 'service',
        entityId: id,
        before: { reverse: service.vps_reverse_dns },
        after: { reverse: input.reverse },
        ip,
      });
    });
    return presentService((await findCustomerService(db, user.id, id))!);
  };
}

export type ReverseDns = ReturnType<typeof createReverseDns>;
