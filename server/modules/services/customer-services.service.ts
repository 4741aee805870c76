import type { Knex } from 'knex';
import type { ServiceDto } from '../../../shared/schemas/services';
import type { Clock } from '../../clock/clock';
import { authorize } from '../../policies/authorize';
import type { UserRow } from '../auth/users.repo';
import { findCustomerService, listCustomerServices } from './customer-services.repo';
import { SERVICE_EVENT_ACTIONS, type ServiceEventDto } from '../../../shared/schemas/service-events';
import { ServiceNotFound } from './service-lifecycle.errors';
import { presentServiceEvent } from './service-events.presenter';
import { listServiceEvents } from './service-events.repo';
import { assertServiceTransition, transitionService } from './service-lifecycle';
import { lockService } from './services.repo';
import { presentService } from './services.presenter';

/**
 * What the customer owns, and "Résilier": the service ends at the end of its paid term (the billing
 * cycle issues no renewal for it and terminates it at expiry); taken back before that date, it
 * renews again. Asking twice changes nothing and answers the same.
 */
export function createCustomerServices(deps: { db: Knex; clock: Clock }) {
  const { db, clock } = deps;

  async function owned(user: UserRow, id: number) {
    const row = await findCustomerService(db, user.id, id);
    if (!row) throw ServiceNotFound();
    authorize(user, 'service.read', row);
    return row;
  }

  async function setEndAtTerm(user: UserRow, id: number, end: boolean, ip?: string): Promise<ServiceDto> {
    const row = await owned(user, id);
    authorize(user, 'service.cancel', row);
    if ((row.end_at_term_requested_at !== null) === end) return presentService(row);
    await db.transaction(async (trx) => {
      const locked = await lockService(trx, id);
      if (!locked || (locked.end_at_term_requested_at !== null) === end) return;
      assertServiceTransition(locked, end ? 'end_scheduled' : 'end_unscheduled');
      await transitionService(trx, {
        service: locked,
        event: end ? 'end_scheduled' : 'end_unscheduled',
        actor: user.id,
        ip,
        clock,
        audit: { after: { endsAt: locked.expires_at?.toISOString() ?? null } },
      });
    });
    return presentService(await owned(user, id));
  }

  return {
    async list(user: UserRow): Promise<ServiceDto[]> {
      return (await listCustomerServices(db, user.id)).map(presentService);
    },
    async get(user: UserRow, id: number): Promise<ServiceDto> {
      return presentService(await owned(user, id));
    },
    /** The service's history from the audit log (issue 33): what the customer may see, newest first. */
    async events(user: UserRow, id: number): Promise<ServiceEventDto[]> {
      const row = await owned(user, id);
      const events = await listServiceEvents(db, id, SERVICE_EVENT_ACTIONS);
      return events.map((event) => presentServiceEvent(event, user.id, row.os_choices));
    },
    endAtTerm: (user: UserRow, id: number, ip?: string) => setEndAtTerm(user, id, true, ip),
    keep: (user: UserRow, id: number, ip?: string) => setEndAtTerm(user, id, false, ip),
  };
}

export type CustomerServices = ReturnType<typeof createCustomerServices>;
