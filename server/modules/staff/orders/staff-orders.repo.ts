import type { Knex } from 'knex';
import { servicePeriodMonths } from '../../../../shared/billing/service-period';
import { planSizeOf, type PlanSize } from '../../../../shared/staff/vps-fit';
import { ORDER_SUMMARY, type AvailableVpsRow, type OrderedPlanRow } from './staff-order-reads.repo';

// The write side of the staff order desk (delivery); the lists are read in staff-order-reads.repo.ts.

/** What confirming needs beyond the order row: its OS, the plan bought and the months the first product runs for. */
export async function orderDeliveryTerms(
  trx: Knex,
  orderId: number,
): Promise<{ os: string | null; durationMonths: number; plan: PlanSize | null; product: string | null }> {
  const row = (await trx('orders')
    .joinRaw(ORDER_SUMMARY)
    .where('orders.id', orderId)
    .first(
      trx.raw("COALESCE(NULLIF(orders.os, ''), summary.product_os) AS os"),
      'summary.product_duration',
      'summary.product_pricing_mode',
      'summary.plan_name',
      'summary.plan_config',
    )) as (OrderedPlanRow & { product_duration: string | null; product_pricing_mode: string | null }) | undefined;
  return {
    os: row?.os ?? null,
    durationMonths: servicePeriodMonths(row?.product_duration, row?.product_pricing_mode),
    plan: planSizeOf(row?.plan_config),
    product: row?.plan_name ?? null,
  };
}

/** Locks the machine until the transaction ends: a VPS is assigned at most once. */
export function lockVps(trx: Knex, id: number) {
  return trx('vps').where({ id }).forUpdate().first() as Promise<
    (AvailableVpsRow & { state: string; order_id: number | null }) | undefined
  >;
}

/** The machine becomes the order's from `at` until `expiresAt`; answers what the delivery mail names. */
export async function assignVps(trx: Knex, vpsId: number, orderId: number, at: Date, expiresAt: Date) {
  const [assigned] = (await trx('vps')
    .where({ id: vpsId })
    .update({ state: 'assigned', order_id: orderId, assigned_at: at, started_at: at, expires_at: expiresAt, updated_at: at }, [
      'service_name',
      'ip',
      'os',
      'expires_at',
    ])) as { service_name: string; ip: string; os: string; expires_at: Date }[];
  return assigned!;
}
