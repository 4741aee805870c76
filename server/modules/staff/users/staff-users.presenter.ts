import type { StaffUserDetailDto, StaffUserDto, StaffUserOrderDto, StaffUserVpsDto } from '../../../../shared/schemas/staff/users';
import { presentOrderEnding } from '../../orders/order-ending.presenter';
import { presentSavedMethod } from '../../saved-methods/saved-methods.presenter';
import type { SavedMethodRow } from '../../saved-methods/saved-methods.repo';
import type { StaffUserDetailRow, StaffUserRow, UserOrderRow, UserVpsRow } from './staff-users.repo';

// The fields the Users category returns, named one by one: nothing else leaves the server.

export function presentStaffUser(row: StaffUserRow): StaffUserDto {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    role: row.role,
    is_online: row.is_online,
    user_type: row.user_type,
    company_name: row.company_name,
    country: row.country,
    created_at: row.created_at.toISOString(),
    orders_count: row.orders_count,
    vps_count: row.vps_count,
    wallet_cents: row.wallet_cents,
    deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
  };
}

export function presentStaffUserDetail(
  row: StaffUserDetailRow,
  methods: SavedMethodRow[],
  autoRenew: { on: number; total: number },
): StaffUserDetailDto {
  return {
    user: {
      ...presentStaffUser(row),
      address: row.address,
      phone: row.phone,
      vat_number: row.vat_number,
      language: row.language,
      email_verified_at: row.email_verified_at ? row.email_verified_at.toISOString() : null,
    },
    // The customer's own display details (brand, last four, expiry, masked account): no provider id.
    payment: { methods: methods.map(presentSavedMethod), wallet_first: row.auto_renew_from_wallet, auto_renew_servers: autoRenew },
  };
}

export const presentUserOrder = (o: UserOrderRow): StaffUserOrderDto => ({
  id: o.id,
  status: o.status,
  product_name: o.product_name ?? '',
  total_cents: o.total_cents,
  currency: o.currency,
  created_at: o.created_at.toISOString(),
  invoice_number: o.invoice_number,
  ...presentOrderEnding(o),
});

export const presentUserVps = (v: UserVpsRow): StaffUserVpsDto => ({
  id: v.id,
  service_name: v.service_name,
  ip: v.ip,
  os: v.os,
  plan: v.plan,
  state: v.state,
  expires_at: v.expires_at ? v.expires_at.toISOString() : null,
  auto_renew: v.auto_renew,
});
