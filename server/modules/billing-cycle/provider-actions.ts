import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import type { ServiceMachineRef, ServiceMachines } from '../services/machines/service-machines';
import { recordPowerStatus } from '../vps/vps.repo';
import { providerActionDone, providerActionDue, servicesOwingProviderAction, type ProviderAction } from './billing.repo';

export interface ProviderDeps {
  db: Knex;
  machines: ServiceMachines;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
}

/**
 * Asks the provider for the action a committed status change owes (never inside the transaction),
 * then records it done. Read again first: a payment may have reactivated the service since, and a
 * stale stop must not reach the machine. A provider error throws; the action stays owed.
 */
export async function askProvider(
  deps: ProviderDeps,
  service: ServiceMachineRef & { vps_id: number | null },
  action: ProviderAction,
): Promise<void> {
  if ((await providerActionDue(deps.db, service.id)) !== action) return;
  if (action === 'terminate') {
    await deps.machines.terminate(service);
  } else {
    const { powerStatus } = await deps.machines[action](service);
    if (service.vps_id !== null && powerStatus !== null) await recordPowerStatus(deps.db, service.vps_id, powerStatus, deps.clock.now());
  }
  await providerActionDone(deps.db, service.id, action);
}

/** As askProvider, but a provider that fails is logged and left to the next sweep. */
export async function tryProvider(
  deps: ProviderDeps,
  service: ServiceMachineRef & { vps_id: number | null },
  action: ProviderAction,
): Promise<boolean> {
  try {
    await askProvider(deps, service, action);
    return true;
  } catch (err) {
    deps.logger.warn({ serviceId: service.id, action, err }, 'provider not reached for a service; the next sweep asks again');
    return false;
  }
}

/** Every action still owed from earlier sweeps or payments (the provider was down, or a worker stopped after the commit). */
export async function retryOwedProviderActions(deps: ProviderDeps): Promise<number> {
  let done = 0;
  for (const owed of await servicesOwingProviderAction(deps.db)) {
    if (await tryProvider(deps, owed, owed.provider_action_due)) done += 1;
  }
  return done;
}
