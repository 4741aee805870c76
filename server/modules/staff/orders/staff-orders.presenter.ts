import type { AvailableVpsDto, StaffOrderDto } from '../../../../shared/schemas/staff/orders';
import { presentOrderEnding } from '../../orders/order-ending.presenter';
import { vpsFit, type PlanSize } from '../../../../shared/staff/vps-fit';
import type { AvailableVpsRow, StaffOrderRow } from './staff-order-reads.repo';

/**
 * A row of the staff list under the spec's names (§3 "Order (staff view)": customerName, product,
 * supportId, createdAt) and what the back-office shows beside them; no payer IBAN, no provider ids.
 */
export function presentStaffOrder(row: StaffOrderRow): StaffOrderDto {
  return {
    id: row.id,
    customerName: row.client_name,
    product: row.product_name ?? '',
    os: row.os,
    status: row.status,
    supportId: row.support_id,
    createdAt: row.created_at.toISOString(),
    uuid: row.uuid,
    user_id: row.user_id,
    client_email: row.client_email,
    support_name: row.support_name,
    paid_at: row.paid_at ? row.paid_at.toISOString() : null,
    total_cents: row.total_cents,
    currency: row.currency,
    ...presentOrderEnding(row),
  };
}

/** A free machine as the VPS selection panel lists it (no login, no password), with how it compares with the plan bought. */
export function presentAvailableVps(row: AvailableVpsRow, plan: PlanSize | null): AvailableVpsDto {
  const size = machineSize(row);
  return {
    id: row.id,
    service_name: row.service_name,
    ip: row.ip,
    os: row.os,
    plan: row.plan,
    region: row.region,
    ...size,
    fit: vpsFit(plan, size),
  };
}

export const machineSize = (row: Pick<AvailableVpsRow, 'ram_gb' | 'cores' | 'storage_gb'>): PlanSize => ({
  ram: row.ram_gb,
  cores: row.cores,
  storage: row.storage_gb,
});
