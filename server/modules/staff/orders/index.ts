import type { StaffGuards } from '../../../http/require-staff';
import { staffOrdersRoutes } from './staff-orders.routes';
import { createStaffOrderDesk } from './staff-order-desk.service';
import { createStaffOrders } from './staff-orders.service';

/** The staff order workflow: the desk (list, take, VPS choice) and the orders' lifecycle calls Billing shares. */
export function staffOrdersModule({ db, guards, ...deps }: Parameters<typeof createStaffOrders>[0] & { guards: StaffGuards }) {
  const orders = createStaffOrders({ db, ...deps });
  const desk = createStaffOrderDesk({ db, orders });
  return { routes: staffOrdersRoutes({ desk, guards, orders }), orders, desk };
}
