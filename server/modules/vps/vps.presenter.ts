import type { PowerStatus, VpsDto } from '../../../shared/schemas/vps';
import type { CustomerVpsRow } from './vps.repo';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Spec §3 "VPS record"; the password is given in clear to its owner only (the caller decrypts). */
export function presentVps(row: CustomerVpsRow, status: PowerStatus, password: string | null): VpsDto {
  return {
    vpsId: row.id,
    ovh_service_name: row.service_name,
    orderUuid: row.order_uuid,
    orderId: row.order_id,
    orderStatus: row.order_status,
    product: row.product_name,
    created_at: (row.assigned_at ?? row.started_at ?? new Date(0)).toISOString(),
    started_at: iso(row.started_at),
    expires_at: iso(row.expires_at),
    state: row.state,
    vps_info: {
      ip: row.ip,
      os: row.os,
      region: row.region,
      status,
      plan: row.plan,
      login: row.login,
      password,
      specs: { ram: row.ram_gb, cores: row.cores, storage: row.storage_gb, traffic: row.traffic },
    },
  };
}
