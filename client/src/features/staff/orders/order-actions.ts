import type { StaffOrderDto } from '../../../../../shared/schemas/staff/orders';

// Spec §6 "Order actions": take (pending and unassigned) and assign VPS (in_progress, assigned to
// me or to nobody).
export const canTake = (order: StaffOrderDto) => order.status === 'pending' && order.supportId === null;

export const canAssign = (order: StaffOrderDto, myId: number) =>
  order.status === 'in_progress' && (order.supportId === null || order.supportId === myId);
