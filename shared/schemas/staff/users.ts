import { z } from 'zod';
import { ROLES } from '../../constants';
import { afterCursor, nextCursor, pageLimit } from '../paging';
import { savedMethodSchema } from '../payment-methods';
import { isoDate, orderEnding, orderStatus, role } from './common';

// Category 2 "Utilisateurs": accounts, their orders and machines, roles and admin passwords.

/** Back-office category 2 "Utilisateurs" (manager, admin): the list, 50 a page, newest first. */
export const USERS_PAGE_SIZE = 50;

const userRole = z.enum(ROLES, { error: 'Rôle inconnu.' });

/** GET /api/admin/users?q=&role=&after=: `q` matches the name, e-mail or company (case-insensitive). */
export const staffUsersQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  // An empty select sends role= : no filter.
  role: z.preprocess((v) => (v === '' ? undefined : v), userRole.optional()),
  /** The last account shown (the previous page's `next`). */
  after: afterCursor,
  limit: pageLimit(USERS_PAGE_SIZE),
});
export type StaffUsersQuery = z.infer<typeof staffUsersQuerySchema>;

/** One account as the Users table shows it; never a password or a hash. */
export const staffUserSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  role,
  is_online: z.boolean(),
  user_type: z.string(),
  company_name: z.string().nullable(),
  country: z.string(),
  created_at: isoDate,
  orders_count: z.number().int(),
  vps_count: z.number().int(),
  wallet_cents: z.number().int(),
  /** Set when the owner deleted the account (issue 19): the row stays, anonymised. */
  deleted_at: z.iso.datetime().nullable(),
});
export type StaffUserDto = z.infer<typeof staffUserSchema>;

export const staffUsersPageSchema = z.object({ users: z.array(staffUserSchema), next: nextCursor, hasMore: z.boolean() });
export type StaffUsersPageDto = z.infer<typeof staffUsersPageSchema>;

/**
 * GET /api/admin/users/{id}: the account and its saved payment methods (no VPS password). Its orders
 * and machines grow with it: each is read a page at a time (below).
 */
export const staffUserDetailSchema = z.object({
  user: staffUserSchema.extend({
    address: z.string().nullable(),
    phone: z.string().nullable(),
    vat_number: z.string().nullable(),
    language: z.string(),
    email_verified_at: isoDate.nullable(),
  }),
  /** Read-only for staff: display details of the saved methods (never a full number, nor a provider id). */
  payment: z.object({
    methods: z.array(savedMethodSchema),
    /** The customer's choice: renewals are paid from the wallet first when it covers them. */
    wallet_first: z.boolean(),
    /** Of the customer's machines not deleted (`total`), how many renew on their own (`on`, issue 21). */
    auto_renew_servers: z.object({ on: z.number().int(), total: z.number().int() }),
  }),
});
export type StaffUserDetailDto = z.infer<typeof staffUserDetailSchema>;

/** A customer's orders and machines in their detail: 50 a page, newest first. */
export const USER_DETAIL_PAGE_SIZE = 50;

/** GET /api/admin/users/{id}/orders?after=&limit= and …/vps: `after` is the previous page's `next`. */
export const staffUserListQuerySchema = z.object({
  after: afterCursor,
  limit: pageLimit(USER_DETAIL_PAGE_SIZE),
});
export type StaffUserListQuery = z.infer<typeof staffUserListQuerySchema>;

/** One of the account's orders: ID, Produit, Status, Total, Facture, Date. */
export const staffUserOrderSchema = z.object({
  id: z.number().int(),
  status: orderStatus,
  product_name: z.string(),
  total_cents: z.number().int(),
  currency: z.string(),
  created_at: isoDate,
  invoice_number: z.string().nullable(),
  ...orderEnding,
});
export type StaffUserOrderDto = z.infer<typeof staffUserOrderSchema>;

export const staffUserOrdersPageSchema = z.object({ orders: z.array(staffUserOrderSchema), next: nextCursor, hasMore: z.boolean() });
export type StaffUserOrdersPageDto = z.infer<typeof staffUserOrdersPageSchema>;

/** One machine delivered to the account (never its login or password). */
export const staffUserVpsSchema = z.object({
  id: z.number().int(),
  service_name: z.string(),
  ip: z.string(),
  os: z.string(),
  plan: z.string(),
  state: z.string(),
  expires_at: isoDate.nullable(),
  /** Whether the machine's renewals are charged on their own (issue 21). */
  auto_renew: z.boolean(),
});
export type StaffUserVpsDto = z.infer<typeof staffUserVpsSchema>;

/** The machines by the order each serves, newest first. */
export const staffUserVpsPageSchema = z.object({ vpsList: z.array(staffUserVpsSchema), next: nextCursor, hasMore: z.boolean() });
export type StaffUserVpsPageDto = z.infer<typeof staffUserVpsPageSchema>;

/** PATCH /api/admin/users/{id}/role (admin only) -> {user}. */
export const changeUserRoleSchema = z.object({ role: userRole });
export type ChangeUserRoleInput = z.infer<typeof changeUserRoleSchema>;

export const changedUserRoleSchema = z.object({ user: staffUserSchema });
export type ChangedUserRoleDto = z.infer<typeof changedUserRoleSchema>;

export const ADMIN_PASSWORD_MIN_LENGTH = 10;

/** PUT /api/admin/users/{id}/admin-password (admin only, staff accounts) -> {success}. */
export const setAdminPasswordSchema = z.object({
  password: z.string().min(ADMIN_PASSWORD_MIN_LENGTH, `Au moins ${ADMIN_PASSWORD_MIN_LENGTH} caractères.`).max(200),
});
export type SetAdminPasswordInput = z.infer<typeof setAdminPasswordSchema>;
