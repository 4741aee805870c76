import type { Knex } from 'knex';
import { ovhOrderSettingsSchema } from '../../../../shared/schemas/delivery-settings';
import { servicePeriodMonths } from '../../../../shared/billing/service-period';
import { planSizeOf } from '../../../../shared/staff/vps-fit';
import type { Clock } from '../../../clock/clock';
import { CloudActionRefused } from '../../../providers/cloud/errors';
import { OvhCartAlreadyCheckedOut, OvhPriceAboveLimit, type VpsOrdering } from '../../../providers/cloud/ordering-types';
import type { CloudAdapter } from '../../../providers/cloud/types';
import { recordServiceFacts, recordAttempt, type ServiceRow } from '../services.repo';
import {
  claimFreeMachine,
  findMachine,
  findMachineByName,
  insertOrderedMachine,
  productDelivery,
  stepDone,
  takeOrderedMachine,
  type InventoryMachine,
  type ProductDeliveryRow,
} from './delivery.repo';
import { delivered, refused, waiting, type Provisioner, type StepOutcome } from './provisioner';

const POWER_POLL_SECONDS = 3;
const OVH_ORDER_POLL_SECONDS = 15;

/** The cloud as a delivery uses it: the machine's state, power, and a fresh system. */
export type DeliveryCloud = Pick<CloudAdapter, 'getVps' | 'act' | 'rebuild' | 'installState'>;

/**
 * A VPS from the inventory: a free machine of the plan bought and the chosen system's family is
 * claimed for the service, reinstalled with the chosen system where it runs another, and started.
 * When none is free and the product allows it (OVH_AUTO_ORDER), one is ordered at OVH, followed
 * until OVH names it, added to the inventory, and delivered the same way.
 */
export function createVpsProvisioner(deps: { db: Knex; cloud: DeliveryCloud; ordering: VpsOrdering | null; clock: Clock }): Provisioner {
  const { db, cloud, clock } = deps;

  async function machineOf(service: ServiceRow, product: ProductDeliveryRow): Promise<InventoryMachine | StepOutcome> {
    if (service.vps_id !== null) {
      const machine = await findMachine(db, service.vps_id);
      if (machine) return machine;
    }
    const choice = product.os_choices.find((os) => os.id === service.os) ?? null;
    const plan = planSizeOf(product.config_products) ?? { ram: 0, cores: 0, storage: 0 };
    const inventoryPlan =
      typeof product.delivery_config.inventory === 'object' ? (product.delivery_config.inventory as { plan?: string }).plan : '';
    if (product.delivery === 'inventory' && service.ovh_order_id === null) {
      const claimed = await db.transaction((trx) =>
        claimFreeMachine(trx, {
          serviceId: service.id,
          orderId: service.order_id,
          need: { family: choice?.family ?? null, plan: inventoryPlan ?? '', ...plan },
          at: clock.now(),
        }),
      );
      if (claimed) return claimed;
    }
    return orderAtOvh(service, product, choice?.name ?? null);
  }

  async function orderAtOvh(
    service: ServiceRow,
    product: ProductDeliveryRow,
    osName: string | null,
  ): Promise<InventoryMachine | StepOutcome> {
    const settings = ovhOrderSettingsSchema.safeParse(product.delivery_config.ovh);
    if (!deps.ordering || !settings.success) return refused('no free machine of this plan and system in the inventory');
    let orderId = service.ovh_order_id === null ? null : Number(service.ovh_order_id);
    if (orderId === null) {
      try {
        const placed = await deps.ordering.placeOrder({
          reference: `service-${service.id}`,
          planCode: settings.data.planCode,
          datacenter: settings.data.datacenter,
          os: osName ?? '',
          durationMonths: servicePeriodMonths(product.ovh_duration, product.ovh_pricing_mode),
          maxPriceCents: settings.data.maxPriceCents,
        });
        orderId = placed.orderId;
      } catch (err) {
        // Above the cost limit nothing was bought; a cart already checked out (a crash after the
        // checkout, before its record) is found by a person in OVH's manager, never bought twice.
        if (err instanceof OvhPriceAboveLimit || err instanceof OvhCartAlreadyCheckedOut) return refused(err.message);
        throw err;
      }
      await recordServiceFacts(db, service.id, { ovh_order_id: String(orderId) });
      await recordAttempt(db, {
        service_id: service.id,
        step: 'ovh_order',
        outcome: 'ok',
        detail: `OVH order ${orderId}`,
        at: clock.now(),
      });
    }
    const status = await deps.ordering.followOrder(orderId);
    if (status.state === 'failed') return refused(`OVH order ${orderId}: ${status.reason}`);
    if (status.state === 'pending') return waiting(OVH_ORDER_POLL_SECONDS, `OVH order ${orderId} not delivered yet`);
    const machine = (await findMachineByName(db, status.serviceName)) ?? (await registerOrderedMachine(status.serviceName, product));
    if (!machine) return waiting(OVH_ORDER_POLL_SECONDS, `${status.serviceName} not in the inventory yet`);
    await db.transaction((trx) =>
      takeOrderedMachine(trx, { serviceId: service.id, orderId: service.order_id, vpsId: machine.id, at: clock.now() }),
    );
    return machine;
  }

  /** Live OVH: the machine it delivered joins the inventory from what OVH says of it (the sandbox adds its own). */
  async function registerOrderedMachine(serviceName: string, product: ProductDeliveryRow): Promise<InventoryMachine | undefined> {
    const details = await cloud.getVps(serviceName);
    const ip = details.ips?.find((address) => address.includes('.')) ?? details.ips?.[0];
    if (!ip) return undefined;
    const plan = planSizeOf(product.config_products);
    return insertOrderedMachine(db, {
      service_name: serviceName,
      ip,
      os: details.model?.name ?? 'Linux',
      plan: details.model?.name ?? product.name,
      region: details.zone ?? '',
      ram_gb: details.model ? Math.round(details.model.memoryMb / 1024) : (plan?.ram ?? 0),
      cores: details.model?.vcore ?? plan?.cores ?? 0,
      storage_gb: details.model?.diskGb ?? plan?.storage ?? 0,
      at: clock.now(),
    });
  }

  return {
    async step(service) {
      if (service.product_id === null) return refused('the product was deleted');
      const product = await productDelivery(db, service.product_id);
      if (!product) return refused('the product was deleted');
      const machine = await machineOf(service, product);
      if ('kind' in machine) return machine;

      const choice = product.os_choices.find((os) => os.id === service.os);
      if (choice && machine.os !== choice.name) {
        if (!(await stepDone(db, service.id, 'rebuild'))) {
          await cloud.rebuild(machine.service_name, choice.name);
          await recordAttempt(db, { service_id: service.id, step: 'rebuild', outcome: 'ok', detail: choice.name, at: clock.now() });
          return waiting(POWER_POLL_SECONDS, `installing ${choice.name}`);
        }
      }
      const install = await cloud.installState(machine.service_name);
      if (install === 'failed') return refused(`the system could not be installed on ${machine.service_name}`);
      if (install === 'installing') return waiting(POWER_POLL_SECONDS, 'system installing');

      const details = await cloud.getVps(machine.service_name);
      if (details.status === 'stopped') {
        try {
          await cloud.act(machine.service_name, 'start');
        } catch (err) {
          if (!(err instanceof CloudActionRefused)) throw err;
        }
        return waiting(POWER_POLL_SECONDS, 'starting');
      }
      if (details.status !== 'running') return waiting(POWER_POLL_SECONDS, `machine ${details.status}`);
      return delivered({ vps_id: machine.id });
    },
  };
}
