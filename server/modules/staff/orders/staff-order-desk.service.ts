import type { Knex } from 'knex';
import type { AvailableVpsListDto, StaffOrderDto } from '../../../../shared/schemas/staff/orders';
import { planSizeOf } from '../../../../shared/staff/vps-fit';
import { osFamilyOf } from '../../../../shared/staff/os-family';
import type { UserRow } from '../../auth/users.repo';
import { OrderNotFound } from './staff-orders.errors';
import { presentAvailableVps, presentStaffOrder } from './staff-orders.presenter';
import { availableVpsOrder, findOrderedPlan, findStaffOrder, listAvailableVps, listOpenOrders } from './staff-order-reads.repo';
import type { StaffOrders } from './staff-orders.service';

/**
 * What the Orders page reads (the list, the free machines for an order) and 'Prendre' answered with
 * the order as the list now shows it. The changes themselves are the order workflow's
 * (staff-orders.service.ts).
 */
export function createStaffOrderDesk({ db, orders }: { db: Knex; orders: Pick<StaffOrders, 'take'> }) {
  async function shown(id: number): Promise<StaffOrderDto> {
    const row = await findStaffOrder(db, id);
    if (!row) throw OrderNotFound();
    return presentStaffOrder(row);
  }

  return {
    /**
     * A page of open orders, after the order `after` or the spec's page number `page` (1 first),
     * and the cursor of the next one (null at the end).
     */
    async list(from: { after?: number; page?: number }, limit: number): Promise<{ orders: StaffOrderDto[]; next: number | null }> {
      const skip = from.page ? (from.page - 1) * limit : 0;
      const rows = await listOpenOrders(db, { after: from.after, skip }, limit + 1); // one more tells whether a next page exists
      const page = rows.slice(0, limit);
      return { orders: page.map(presentStaffOrder), next: rows.length > limit ? page[page.length - 1]!.id : null };
    },

    async take(agent: UserRow, orderId: number, ip?: string): Promise<StaffOrderDto> {
      await orders.take(agent, orderId, ip);
      return shown(orderId);
    },

    /**
     * With an order, only the machines of its OS family (spec §5 "VPS filtering"), beside the plan it
     * bought: the matching ones first, then the upgrades, then those too small; 404 for no such order.
     * A page after the machine `after`, ordered the same way for the same order.
     */
    async availableVps(orderId: number | undefined, page: { after?: number; limit: number }): Promise<AvailableVpsListDto> {
      if (orderId === undefined) {
        const { rows, next } = await listAvailableVps(db, null, availableVpsOrder(false, null), page);
        return { vpsList: rows.map((row) => presentAvailableVps(row, null)), orderedPlan: null, next, hasMore: next !== null };
      }
      const order = await findOrderedPlan(db, orderId);
      if (!order) throw OrderNotFound();
      const plan = planSizeOf(order.plan_config);
      const { rows, next } = await listAvailableVps(db, osFamilyOf(order.os), availableVpsOrder(true, plan), page);
      return {
        vpsList: rows.map((row) => presentAvailableVps(row, plan)),
        orderedPlan: plan ? { product: order.plan_name ?? '', ...plan } : null,
        next,
        hasMore: next !== null,
      };
    },
  };
}

export type StaffOrderDesk = ReturnType<typeof createStaffOrderDesk>;
