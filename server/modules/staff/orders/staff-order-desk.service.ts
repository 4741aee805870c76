import type { Knex } from 'knex';
import type { AvailableVpsDto, StaffOrderDto } from '../../../../shared/schemas/staff';
import { osFamilyOf } from '../../../../shared/staff/os-family';
import type { UserRow } from '../../auth/users.repo';
import { OrderNotFound } from './staff-orders.errors';
import { presentAvailableVps, presentStaffOrder } from './staff-orders.presenter';
import { findOrderOs, findStaffOrder, listAvailableVps, listOpenOrders } from './staff-order-reads.repo';
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
    async list(page: number, limit: number): Promise<StaffOrderDto[]> {
      return (await listOpenOrders(db, page, limit)).map(presentStaffOrder);
    },

    async take(agent: UserRow, orderId: number, ip?: string): Promise<StaffOrderDto> {
      await orders.take(agent, orderId, ip);
      return shown(orderId);
    },

    /** With an order, only the machines of its OS family (spec §5 "VPS filtering"); 404 for no such order. */
    async availableVps(orderId: number | undefined): Promise<AvailableVpsDto[]> {
      let family = null;
      if (orderId !== undefined) {
        const order = await findOrderOs(db, orderId);
        if (!order) throw OrderNotFound();
        family = osFamilyOf(order.os);
      }
      return (await listAvailableVps(db, family)).map(presentAvailableVps);
    },
  };
}

export type StaffOrderDesk = ReturnType<typeof createStaffOrderDesk>;
