import { ConflictError } from '../../../http/errors';
import type { ServiceRow } from '../services.repo';

/**
 * What the panel may do to a server: only a delivered, running service. A suspended one waits for
 * its invoice, a terminated one is gone, one being delivered is not the customer's to touch yet.
 */
export function assertActionable(service: Pick<ServiceRow, 'status'>): void {
  if (service.status === 'suspended') throw ConflictError('service_suspended', 'The service is suspended until its invoice is paid');
  if (service.status === 'terminated') throw ConflictError('service_terminated', 'The service has ended');
  if (service.status !== 'active') throw ConflictError('service_not_ready', 'The service is not delivered yet');
}
