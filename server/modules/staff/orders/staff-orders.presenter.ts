import type { AvailableVpsDto, StaffOrderDto } from '../../../../shared/schemas/staff';
import type { AvailableVpsRow, StaffOrderRow } from './staff-orders.repo';

/** A row of the staff list (spec §3 "Order (staff view)"): no payer IBAN, no provider ids. */
export function presentStaffOrder(row: StaffOrderRow): StaffOrderDto {
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    user_id: row.user_id,
    client_name: row.client_name,
    client_email: row.client_email,
    product_name: row.product_name ?? '',
    os: row.os,
    support_id: row.support_id,
    support_name: row.support_name,
    created_at: row.created_at.toISOString(),
    paid_at: row.paid_at ? row.paid_at.toISOString() : null,
    total_cents: Number(row.total_cents),
    currency: row.currency,
  };
}

/** A free machine as the VPS selection panel lists it (no login, no password). */
export function presentAvailableVps(row: AvailableVpsRow): AvailableVpsDto {
  return { id: row.id, service_name: row.service_name, ip: row.ip, os: row.os, plan: row.plan, region: row.region };
}
