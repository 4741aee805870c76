import type { ServiceDto } from '../../../shared/schemas/services';
import type { CustomerServiceRow } from './customer-services.repo';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function choice(list: { id: string; name: string }[] | null, id: string | null) {
  if (!id) return null;
  return { id, name: list?.find((c) => c.id === id)?.name ?? id };
}

/** A service as the customer sees it: never the panel's ids, the provider's order or an error detail. */
export function presentService(row: CustomerServiceRow): ServiceDto {
  const delivered = row.status === 'active' || row.status === 'suspended';
  const connection =
    delivered && row.kind === 'game' && row.host && row.port !== null
      ? { host: row.host, port: row.port }
      : delivered && row.kind === 'vps' && row.vps_ip
        ? { ip: row.vps_ip }
        : null;
  return {
    id: row.id,
    orderId: row.order_id,
    orderUuid: row.order_uuid,
    kind: row.kind,
    status: row.status,
    delivery: row.delivery === 'manual' ? 'manual' : 'automatic',
    product: { id: row.product_id, name: row.line_name ?? row.product_name ?? '' },
    os: choice(row.os_choices, row.os),
    variant: choice(row.variants, row.variant),
    period: {
      startedAt: iso(row.delivered_at),
      expiresAt: iso(row.expires_at),
      endsAtTerm: row.end_at_term_requested_at !== null,
    },
    connection,
    osChoices: row.kind === 'vps' ? (row.os_choices ?? []).map(({ id, name }) => ({ id, name })) : [],
    reinstall: presentReinstall(row),
    reverseDns: row.kind === 'vps' && delivered ? row.vps_reverse_dns : null,
    vpsId: row.kind === 'vps' && delivered ? row.vps_id : null,
    createdAt: row.created_at.toISOString(),
    deliveredAt: iso(row.delivered_at),
    terminatedAt: iso(row.terminated_at),
  };
}

function presentReinstall(row: CustomerServiceRow): ServiceDto['reinstall'] {
  if (!row.reinstall_state || !row.reinstall_os || !row.reinstall_started_at) return null;
  return {
    state: row.reinstall_state,
    os: choice(row.os_choices, row.reinstall_os)!,
    sshKey:
      row.reinstall_key_name && row.reinstall_key_fingerprint
        ? { name: row.reinstall_key_name, fingerprint: row.reinstall_key_fingerprint }
        : null,
    startedAt: row.reinstall_started_at.toISOString(),
    finishedAt: iso(row.reinstall_finished_at),
  };
}
