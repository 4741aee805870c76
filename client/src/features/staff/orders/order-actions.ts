import type { StaffOrderDto } from '../../../../../shared/schemas/staff';

// Spec §6 "Order actions": take (pending and unassigned) and assign VPS (in_progress, assigned to
// me or to nobody).
export const canTake = (order: StaffOrderDto) => order.status === 'pending' && order.support_id === null;

export const canAssign = (order: StaffOrderDto, myId: number) =>
  order.status === 'in_progress' && (order.support_id === null || order.support_id === myId);
