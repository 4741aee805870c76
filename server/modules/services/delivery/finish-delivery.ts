import type { Knex } from 'knex';
import { addMonths, servicePeriodMonths } from '../../../../shared/billing/service-period';
import { frozenClock, type Clock } from '../../../clock/clock';
import { findUserById } from '../../auth/users.repo';
import type { Mailer } from '../../mail/mail.service';
import { canTransition, transitionOrder } from '../../orders/order-lifecycle';
import { lockOrder, type OrderRow } from '../../orders/orders.repo';
import { transitionService } from '../service-lifecycle';
import { findService, lockService, servicesOfOrder, type ServiceRow, type ServiceValues } from '../services.repo';
import { findMachine, markMachineDelivered, productDelivery } from './delivery.repo';

/**
 * A service is delivered (by its provisioner, or by an agent): in one transaction under its lock,
 * it becomes active with where it runs and its period (the order's: every service of one order
 * shares the expiry of the first delivered), its machine is the customer's, and when nothing of the
 * order waits anymore the order takes the lifecycle's `delivered` event (pending → paid, stamped
 * delivered_at) with the customer's mail. Answers the mails to send after the commit; null when the
 * service was not waiting anymore (another worker, or staff, finished it).
 */
export async function finishDelivery(
  db: Knex,
  deps: { clock: Clock; mailer: Mailer },
  input: { serviceId: number; facts: ServiceValues; actor: number | null; ip?: string },
): Promise<{ service: ServiceRow; mailIds: number[] } | null> {
  return db.transaction(async (trx) => {
    // The order first, then the service: the order every path that touches both locks them in.
    const unlocked = await findService(trx, input.serviceId);
    if (!unlocked) return null;
    const order = await lockOrder(trx, unlocked.order_id);
    const locked = await lockService(trx, input.serviceId);
    if (!locked || (locked.status !== 'provisioning' && locked.status !== 'needs_staff')) return null;
    const at = deps.clock.now();
    const expiresAt = await periodEnd(trx, locked, at);
    const vpsId = input.facts.vps_id ?? locked.vps_id;
    if (locked.kind === 'vps' && vpsId !== null) await markMachineDelivered(trx, vpsId, at, expiresAt);
    const service = await transitionService(trx, {
      service: locked,
      event: 'delivered',
      actor: input.actor,
      ip: input.ip,
      clock: frozenClock(at),
      set: { ...input.facts, expires_at: expiresAt, delivery_deadline: null, last_error: null },
      audit: { after: { expiresAt: expiresAt.toISOString(), ...connectionAudit(input.facts) } },
    });
    const mailIds: number[] = [];
    const mailId = await queueDeliveredMail(trx, deps.mailer, service);
    if (mailId !== null) mailIds.push(mailId);
    if (order) await deliverOrderWhenComplete(trx, frozenClock(at), order, input.actor);
    return { service, mailIds };
  });
}

/** The period bought runs from the first delivery of the order; later units share its expiry. */
async function periodEnd(trx: Knex, service: ServiceRow, at: Date): Promise<Date> {
  const sibling = (await servicesOfOrder(trx, service.order_id)).find((s) => s.id !== service.id && s.expires_at !== null);
  if (sibling?.expires_at) return sibling.expires_at;
  const product = service.product_id === null ? undefined : await productDelivery(trx, service.product_id);
  return addMonths(at, servicePeriodMonths(product?.ovh_duration, product?.ovh_pricing_mode));
}

function connectionAudit(facts: ServiceValues): Record<string, unknown> {
  if (facts.host) return { host: facts.host, port: facts.port };
  if (facts.vps_id) return { vpsId: facts.vps_id };
  return {};
}

/**
 * Every service of the order delivered (or ended): the order is delivered, by the system when no
 * agent did it. An order an agent holds (in_progress) is delivered too: the work is done.
 */
async function deliverOrderWhenComplete(trx: Knex, clock: Clock, order: OrderRow, actor: number | null): Promise<void> {
  const services = await servicesOfOrder(trx, order.id);
  if (services.some((s) => s.status === 'provisioning' || s.status === 'needs_staff')) return;
  if (!canTransition(order, 'delivered')) return;
  await transitionOrder(trx, {
    order,
    event: 'delivered',
    actor,
    clock,
    audit: { after: { services: services.map((s) => s.id), by: actor === null ? 'system' : 'staff' } },
  });
}

/** The customer's "your server is ready" mail, once per service. */
async function queueDeliveredMail(trx: Knex, mailer: Mailer, service: ServiceRow): Promise<number | null> {
  const customer = await findUserById(trx, service.user_id);
  if (!customer || !service.expires_at) return null;
  const to = { email: customer.email, fullName: customer.full_name, language: customer.language };
  const expires = new Intl.DateTimeFormat(customer.language, { dateStyle: 'long', timeZone: 'Europe/Brussels' }).format(service.expires_at);
  const product = service.product_id === null ? undefined : await productDelivery(trx, service.product_id);
  if (service.kind === 'game') {
    return mailer.queueNotice(trx, to, {
      template: 'gameServerDelivered',
      path: 'PanelCLient',
      vars: { orderId: String(service.order_id), product: product?.name ?? '' },
      details: [
        ['order', `#${service.order_id}`],
        ['product', product?.name ?? '-'],
        ['address', `${service.host}:${service.port}`],
        ['expires', expires],
      ],
      dedupeKey: `service-delivered-${service.id}`,
    });
  }
  const machine = service.vps_id === null ? undefined : await findMachine(trx, service.vps_id);
  if (!machine) return null;
  return mailer.queueNotice(trx, to, {
    template: 'vpsDelivered',
    path: 'PanelCLient',
    vars: { orderId: String(service.order_id) },
    details: [
      ['order', `#${service.order_id}`],
      ['server', machine.service_name],
      ['ip', machine.ip],
      ['os', machine.os],
      ['expires', expires],
    ],
    dedupeKey: `service-delivered-${service.id}`,
  });
}
