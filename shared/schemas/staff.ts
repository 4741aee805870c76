import { z } from 'zod';
import { ROLES, type OrderStatus, type Role } from '../constants';

// The back-office calls (spec §7 "Staff"; DESIGN.md §3). Every call but the password check sends
// the staff token (`adminToken`) as bearer.

const userId = z.coerce.number().int().positive();

/** POST /api/admin/verify-admin-password (session bearer) -> {success, message, adminToken}. */
export const verifyAdminPasswordSchema = z.object({
  userId: userId.optional(),
  admin_password: z.string().min(1).max(200),
});
export type VerifyAdminPasswordInput = z.infer<typeof verifyAdminPasswordSchema>;

export interface VerifyAdminPasswordDto {
  success: boolean;
  message: string;
  adminToken?: string;
}

/** GET /api/admin/getrole?userId -> the role read from the database now. */
export interface StaffRoleDto {
  role: Role;
  is_online: boolean;
}

/** POST /api/admin/support/{userId}/status. */
export const supportStatusSchema = z.object({ isOnline: z.boolean() });

export interface SuccessDto {
  success: true;
}

/** GET /api/admin/orders?userId=&page=&limit= (page from 1, at most 50 a page). */
export const staffOrdersQuerySchema = z.object({
  userId: userId.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(50),
});

/** One row of the staff order list (spec §2 "Orders page" columns). */
export interface StaffOrderDto {
  id: number;
  uuid: string;
  status: OrderStatus;
  user_id: number;
  client_name: string;
  client_email: string;
  product_name: string;
  os: string | null;
  support_id: number | null;
  support_name: string | null;
  created_at: string;
  paid_at: string | null;
  total_cents: number;
  currency: string;
}

export interface StaffOrdersDto {
  orders: StaffOrderDto[];
  page: number;
  limit: number;
}

/** POST /api/admin/orders/{id}/take. */
export const takeOrderSchema = z.object({ userId: userId.optional() });

/** POST /api/admin/orders/{id}/confirm: assigns this VPS to the order. */
export const confirmOrderSchema = z.object({ userId: userId.optional(), vpsId: z.coerce.number().int().positive() });

/** GET /api/admin/vps/available[?orderId=] -> {vpsList} (filtered by the order's OS family). */
export interface AvailableVpsDto {
  id: number;
  service_name: string;
  ip: string;
  os: string;
  plan: string;
  region: string;
}

/** GET /api/admin/support-tickets -> {tickets} (spec §2 "Support tickets page": ID, Utilisateur, Message, Status, Date). */
export interface StaffTicketDto {
  id: number;
  user_id: number | null;
  user_name: string;
  email: string;
  subject: string;
  message: string;
  status: string;
  created_at: string;
  /** The staff answers, oldest first. */
  replies: { id: number; author_name: string; message: string; created_at: string }[];
}

/** POST /api/admin/support-tickets/{id}/reply: answers the customer (mail + Support page). */
export const ticketReplySchema = z.object({ message: z.string().trim().min(1).max(5000), close: z.boolean().default(false) });

/** POST /api/admin/create (admin only) -> {productId} (spec §2 "Product creation form", §5 defaults). */
export const createProductSchema = z.object({
  name: z.string().trim().min(1, 'Le nom et le slug sont obligatoires.').max(200),
  slug: z
    .string()
    .trim()
    .min(1, 'Le nom et le slug sont obligatoires.')
    .max(120)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  description: z.string().max(5000).default(''),
  price_cents: z.coerce.number().int().positive('Le prix doit être supérieur à 0.').max(100_000_000),
  support_cents: z.coerce.number().int().min(0).max(100_000_000).default(0),
  margin_cents: z.coerce.number().int().min(0).max(100_000_000).default(0),
  tax_rate: z.coerce.number().min(0).max(100).default(21),
  currency: z.enum(['EUR', 'USD', 'CAD']).default('EUR'),
  region: z.string().trim().max(60).default(''),
  os: z.string().trim().max(60).default(''),
  ram: z.string().trim().max(30).default(''),
  cores: z.coerce.number().int().min(0).max(512).default(0),
  storage: z.string().trim().max(30).default(''),
  traffic: z.string().trim().max(30).default(''),
  stock: z.coerce.number().int().min(0).max(1_000_000).default(0),
  category_id: z.coerce.number().int().positive().optional(),
  subcategory_id: z.coerce.number().int().positive().optional(),
});
export type CreateProductInput = z.infer<typeof createProductSchema>;

export interface CreateProductDto {
  productId: number;
}

/** GET /api/admin/user/{id} -> the profile (spec §2 "Profile page"). */
export interface StaffProfileDto {
  id: number;
  fullName: string;
  email: string;
  role: Role;
  is_online: boolean;
  wallet_cents: number;
}

/** GET /api/admin/user/{id}/transactions -> {transactions} (ID, Type, Montant, Date, Description). */
export interface TransactionDto {
  id: number;
  type: string;
  amountCents: number;
  date: string;
  description: string;
}

/** POST /api/admin/orders/{id}/take -> the order as the list now shows it (in_progress, the caller's). */
export interface TakeOrderDto {
  success: true;
  order: StaffOrderDto;
}

/** GET /api/admin/vps/available query: with orderId, only machines of that order's OS family. */
export const availableVpsQuerySchema = z.object({
  userId: userId.optional(),
  orderId: z.coerce.number().int().positive().optional(),
});

export interface AvailableVpsListDto {
  vpsList: AvailableVpsDto[];
}

/** POST /api/admin/orders/{id}/mark-paid and /cancel (Billing, admin only): {userId?}. */
export const billingOrderActionSchema = z.object({ userId: userId.optional() });

/** GET /api/admin/support-tickets?page= (newest first, 100 a page) -> {tickets, page, limit}. */
export const staffTicketsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

export interface StaffTicketsDto {
  tickets: StaffTicketDto[];
  page: number;
  limit: number;
}

/** POST /api/admin/support-tickets/{id}/reply and /close -> the ticket as the list now shows it. */
export interface StaffTicketActionDto {
  ticket: StaffTicketDto;
}

/** A day (2026-11-21, the whole day in UTC) or an instant with its offset (2026-11-21T10:00:00Z). */
const logDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Date ISO attendue (AAAA-MM-JJ ou date-heure).' });

/**
 * GET /api/admin/logs (admin only): the audit log, 50 a page, newest first. `actor`: a user id, an
 * e-mail, or 'system' (jobs and webhooks); `action`: a prefix ('order.' or 'order.taken');
 * `from`/`to`: inclusive bounds (a bare day covers the whole day).
 */
export const auditLogQuerySchema = z
  .object({
    actor: z
      .string()
      .trim()
      .max(254)
      .regex(/^(\d{1,9}|system|[^\s@]+@[^\s@]+)$/, 'Identifiant, e-mail ou « system » attendu.')
      .optional(),
    action: z
      .string()
      .trim()
      .max(100)
      .regex(/^[a-z0-9_.]+$/, 'Préfixe d’action attendu (ex. order. ou ticket.replied).')
      .optional(),
    from: logDate.optional(),
    to: logDate.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((q) => !q.from || !q.to || q.from.slice(0, 10) <= q.to.slice(0, 10), { path: ['to'], message: 'La fin précède le début.' });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const AUDIT_LOG_PAGE_SIZE = 50;

/** One audit row as the Logs category shows it: who (name and e-mail; null: the system), what, when. */
export interface AuditLogEntryDto {
  id: number;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: string;
}

export interface AuditLogPageDto {
  entries: AuditLogEntryDto[];
  page: number;
  limit: number;
  /** Whether a next page exists. */
  hasMore: boolean;
}

/** GET /api/admin/products?q=&archived=&page= (Produits, manager and admin): 50 a page, by name. */
export const adminProductsQuerySchema = z.object({
  /** Part of the name or the slug; empty: every product. */
  q: z.string().trim().max(200).default(''),
  /** 'true': the archived products (out of the shop) only; otherwise the active ones. */
  archived: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminProductsQuery = z.infer<typeof adminProductsQuerySchema>;

export const ADMIN_PRODUCTS_PAGE_SIZE = 50;

/** One product as the Produits category lists and edits it; money in cents (HT, before tax). */
export interface AdminProductDto {
  id: number;
  name: string;
  slug: string;
  category_name: string;
  price_cents: number;
  support_cents: number;
  margin_cents: number;
  tax_rate: number;
  currency: string;
  stock: number;
  /** false: archived, out of the shop. */
  is_active: boolean;
  description: string;
  updated_at: string;
}

export interface AdminProductsPageDto {
  products: AdminProductDto[];
  page: number;
  hasMore: boolean;
}

const productCents = z.number().int().max(100_000_000);

/**
 * PATCH /api/admin/products/{id} -> {product}: the fields to change, at least one. Unknown fields
 * (slug, currency, category…) are refused rather than ignored: the editor must not think they changed.
 * Past orders are not touched: their lines hold a copy of the prices.
 */
export const updateProductSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Le nom est obligatoire.').max(200).optional(),
    description: z.string().max(5000).optional(),
    price_cents: productCents.positive('Le prix doit être supérieur à 0.').optional(),
    support_cents: productCents.min(0).optional(),
    margin_cents: productCents.min(0).optional(),
    tax_rate: z.number().min(0).max(100).optional(),
    stock: z.number().int().min(0).max(1_000_000).optional(),
    is_active: z.boolean().optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), { message: 'Rien à modifier.' });
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

export interface AdminProductUpdatedDto {
  product: AdminProductDto;
}

/** Back-office category 4 "Facturation": which orders the list shows. */
export const BILLING_FILTERS = ['unpaid', 'transfers', 'paid'] as const;
export type BillingFilter = (typeof BILLING_FILTERS)[number];
export const BILLING_PAGE_SIZE = 50;

/**
 * GET /api/admin/billing?filter=&page= (admin only). unpaid: oldest due first; transfers: unpaid with
 * a bank transfer announced, oldest announcement first; paid: settled orders, newest payment first.
 */
export const billingQuerySchema = z.object({
  filter: z.enum(BILLING_FILTERS).default('unpaid'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type BillingQuery = z.infer<typeof billingQuerySchema>;

/** One order as Billing lists it. */
export interface BillingOrderDto {
  id: number;
  user_id: number;
  client_name: string;
  client_email: string;
  status: OrderStatus;
  payment_method: string | null;
  total_cents: number;
  currency: string;
  created_at: string;
  due_at: string | null;
  transfer_reference: string | null;
  transfer_announced_at: string | null;
  invoice_number: string | null;
  paid_at: string | null;
  refunded_cents: number;
}

export interface BillingPageDto {
  orders: BillingOrderDto[];
  page: number;
  hasMore: boolean;
}

/** POST /api/admin/orders/{id}/refund (admin only): credits the customer's wallet. */
export const refundOrderSchema = z.object({
  userId: userId.optional(),
  amount_cents: z.number({ error: 'Montant en centimes attendu.' }).int().min(1, 'Le montant doit être supérieur à 0.').max(100_000_000),
  reason: z.string({ error: 'Motif attendu.' }).trim().min(1, 'Le motif est obligatoire.').max(500),
});
export type RefundOrderInput = z.infer<typeof refundOrderSchema>;

export interface RefundOrderDto {
  success: true;
  /** The customer's wallet balance after the refund. */
  wallet_cents: number;
}

/** Back-office category 2 "Utilisateurs" (manager, admin): the list, 50 a page, newest first. */
export const USERS_PAGE_SIZE = 50;

const userRole = z.enum(ROLES, { error: 'Rôle inconnu.' });

/** GET /api/admin/users?q=&role=&page=: `q` matches the name, e-mail or company (case-insensitive). */
export const staffUsersQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  // An empty select sends role= : no filter.
  role: z.preprocess((v) => (v === '' ? undefined : v), userRole.optional()),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type StaffUsersQuery = z.infer<typeof staffUsersQuerySchema>;

/** One account as the Users table shows it; never a password or a hash. */
export interface StaffUserDto {
  id: number;
  fullName: string;
  email: string;
  role: Role;
  is_online: boolean;
  user_type: string;
  company_name: string | null;
  country: string;
  created_at: string;
  orders_count: number;
  vps_count: number;
  wallet_cents: number;
}

export interface StaffUsersPageDto {
  users: StaffUserDto[];
  page: number;
  hasMore: boolean;
}

/** GET /api/admin/users/{id}: the account, its orders and its VPS (no VPS password). */
export interface StaffUserDetailDto {
  user: StaffUserDto & { address: string | null; phone: string | null; vat_number: string | null; language: string; email_verified_at: string | null };
  orders: { id: number; status: OrderStatus; product_name: string; total_cents: number; currency: string; created_at: string; invoice_number: string | null }[];
  vpsList: { id: number; service_name: string; ip: string; os: string; plan: string; state: string; expires_at: string | null }[];
}

/** PATCH /api/admin/users/{id}/role (admin only) -> {user}. */
export const changeUserRoleSchema = z.object({ role: userRole });
export type ChangeUserRoleInput = z.infer<typeof changeUserRoleSchema>;

export const ADMIN_PASSWORD_MIN_LENGTH = 10;

/** PUT /api/admin/users/{id}/admin-password (admin only, staff accounts) -> {success}. */
export const setAdminPasswordSchema = z.object({
  password: z.string().min(ADMIN_PASSWORD_MIN_LENGTH, `Au moins ${ADMIN_PASSWORD_MIN_LENGTH} caractères.`).max(200),
});
export type SetAdminPasswordInput = z.infer<typeof setAdminPasswordSchema>;
