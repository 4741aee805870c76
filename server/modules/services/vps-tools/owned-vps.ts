import type { Knex } from 'knex';
import { ConflictError, HttpError } from '../../../http/errors';
import { authorize } from '../../../policies/authorize';
import { CloudProviderError, CloudVpsNotFound } from '../../../providers/cloud/types';
import type { UserRow } from '../../auth/users.repo';
import { assertActionable } from '../actions/actionable';
import { findCustomerService, type CustomerServiceRow } from '../customer-services.repo';
import { machineNameOf } from '../actions/reinstall.repo';
import { ServiceNotFound } from '../service-lifecycle.errors';

export interface OwnedVps {
  service: CustomerServiceRow;
  /** The provider's name for the machine. */
  machine: string;
}

/**
 * The caller's delivered, running VPS and its machine: another customer's is 404 (as a missing
 * one), a suspended or ended one 409, a game server 409 (it has none of these tools).
 */
export async function ownedVps(db: Knex, user: UserRow, id: number): Promise<OwnedVps> {
  const service = await findCustomerService(db, user.id, id);
  if (!service) throw ServiceNotFound();
  authorize(user, 'service.manage', service);
  if (service.kind !== 'vps') throw ConflictError('vps_tools_not_offered', 'A game server has its own panel: these tools are a VPS’s');
  assertActionable(service);
  const machine = service.vps_id === null ? undefined : await machineNameOf(db, service.vps_id);
  if (!machine) throw ConflictError('service_not_ready', 'The service is not delivered yet');
  return { service, machine };
}

/** The provider down or lost: 502, nothing changed, the customer can try again. */
export function providerFailure(err: unknown): never {
  if (err instanceof CloudProviderError || err instanceof CloudVpsNotFound) {
    throw new HttpError(502, 'cloud_unavailable', 'The hosting provider could not be reached; nothing was changed');
  }
  throw err;
}
