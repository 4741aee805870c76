import { z } from 'zod';
import { productImageSchema } from './product-image';
import { CURRENCIES, ORDER_STATUSES, ROLES } from '../constants';
import { eurosToCents } from '../staff/euro-cents';
import { entityId, idParam } from './ids';
import { afterCursor, nextCursor, pageLimit } from './paging';
import { savedMethodSchema } from './payment-methods';

// The back-office calls (spec §7 "Staff"; DESIGN.md §3). Every call but the password check sends
// the staff token (`adminToken`) as bearer. Field names follow the spec's §3 where it names them
// (Order (staff view), Support ticket, User profile, Transaction, Role response); the answers are
// zod schemas so the server's answers and the client's mocks are checked against them.

/** A userId the spec's client sends along; the server only checks that it is the caller's own. */
const userId = entityId();
const isoDate = z.iso.datetime();
const orderStatus = z.enum(ORDER_STATUSES);
const role = z.enum(ROLES);

/** POST /api/admin/verify-admin-password (session bearer) -> {success, message, adminToken}. */
export const verifyAdminPasswordSchema = z.object({
  userId: userId.optional(),
  admin_password: z.string().min(1).max(200),
});
export type VerifyAdminPasswordInput = z.infer<typeof verifyAdminPasswordSchema>;

export const verifyAdminPasswordAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  adminToken: z.string().optional(),
});
export type VerifyAdminPasswordDto = z.infer<typeof verifyAdminPasswordAnswerSchema>;

/** GET /api/admin/getrole?userId -> the role read from the database now (spec §3 "Role response"). */
export const staffRoleSchema = z.object({ role, is_online: z.boolean() });
export type StaffRoleDto = z.infer<typeof staffRoleSchema>;

/** GET /api/admin/getrole query. */
export const staffRoleQuerySchema = z.object({ userId: userId.optional() });

/** POST /api/admin/support/{userId}/status. */
export const supportStatusSchema = z.object({ isOnline: z.boolean() });

/** /api/admin/support/{userId}/…: the agent's own id. */
export const agentIdParams = z.object({ userId: idParam });

export const successSchema = z.object({ success: z.literal(true) });
export type SuccessDto = z.infer<typeof successSchema>;

/** GET /api/admin/orders?userId=&page=&limit= or ?after=&limit= (at most 50 a page). */
export const staffOrdersQuerySchema = z
  .object({
    userId: userId.optional(),
    /**
     * The spec's call (§7 "GET /api/admin/orders?userId=&page=&limit="): page N of `limit` orders,
     * page 1 first. It counts past the pages before it; the app itself follows `after` (keyset,
     * issue 18), whose cost does not grow with the page.
     */
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    /** The last order of the page before (its `next`); absent for the first page. */
    after: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(50),
  })
  .refine((query) => query.page === undefined || query.after === undefined, {
    path: ['page'],
    message: 'Either page= or after=, not both.',
  });

/**
 * One row of the staff order list: spec §3 "Order (staff view)" (id, customerName, product, os,
 * status, supportId, createdAt), plus what the back-office shows beside it (the customer's e-mail,
 * the agent's name, the total).
 */
export const staffOrderSchema = z.object({
  id: z.number().int(),
  customerName: z.string(),
  product: z.string(),
  os: z.string().nullable(),
  status: orderStatus,
  supportId: z.number().int().nullable(),
  createdAt: isoDate,
  uuid: z.string(),
  user_id: z.number().int(),
  client_email: z.string(),
  support_name: z.string().nullable(),
  paid_at: isoDate.nullable(),
  total_cents: z.number().int(),
  currency: z.string(),
});
export type StaffOrderDto = z.infer<typeof staffOrderSchema>;

export const staffOrdersSchema = z.object({
  orders: z.array(staffOrderSchema),
  limit: z.number().int(),
  /** The `after` of the next page; null when this page is the last. */
  next: z.number().int().nullable(),
});
export type StaffOrdersDto = z.infer<typeof staffOrdersSchema>;

/** POST /api/admin/orders/{id}/take. */
export const takeOrderSchema = z.object({ userId: userId.optional() });

/**
 * POST /api/admin/orders/{id}/confirm: assigns this VPS to the order. A machine smaller than the
 * plan bought is refused (409 vps_smaller_than_order); a larger one only with `upgrade: true`
 * (otherwise 409 vps_upgrade_not_chosen), and the upgrade is written to the audit log.
 */
export const confirmOrderSchema = z.object({ userId: userId.optional(), vpsId: entityId(), upgrade: z.boolean().optional() });

/** GET /api/admin/vps/available[?orderId=] -> {vpsList}: spec §3 "Available VPS" (id, service_name, ip, os, plan) and its region. */
export const availableVpsSchema = z.object({
  id: z.number().int(),
  service_name: z.string(),
  ip: z.string(),
  os: z.string(),
  plan: z.string(),
  region: z.string(),
  /** The machine's size: memory and storage in GB. */
  ram: z.number(),
  cores: z.number(),
  storage: z.number(),
  /** Against the order's plan (shared/staff/vps-fit.ts); 'match' for every machine when no order or plan is known. */
  fit: z.enum(['match', 'larger', 'smaller']),
});
export type AvailableVpsDto = z.infer<typeof availableVpsSchema>;

/**
 * GET /api/admin/support-tickets -> {tickets}: spec §3 "Support ticket" (id, user, message, status,
 * createdAt; the page's columns ID, Utilisateur, Message, Status, Date), with the ticket's subject,
 * the customer's e-mail and the staff answers (oldest first).
 */
export const staffTicketSchema = z.object({
  id: z.number().int(),
  user: z.string(),
  message: z.string(),
  status: z.string(),
  createdAt: isoDate,
  user_id: z.number().int().nullable(),
  email: z.string(),
  subject: z.string(),
  replies: z.array(z.object({ id: z.number().int(), author_name: z.string(), message: z.string(), created_at: isoDate })),
});
export type StaffTicketDto = z.infer<typeof staffTicketSchema>;

/** POST /api/admin/support-tickets/{id}/reply: answers the customer (mail + Support page). */
export const ticketReplySchema = z.object({ message: z.string().trim().min(1).max(5000), close: z.boolean().default(false) });

const PRICE_REQUIRED = 'Le prix doit être supérieur à 0.';
const AMOUNT = 'Montant en euros attendu (ex. 9.99).';
const MAX_CENTS = 100_000_000;

/** Flat fields in cents (the back-office form). */
const cents = z.coerce.number().int().min(0).max(MAX_CENTS);
/** The spec's payload: euros as the form shows them ("9.99", "9,99" or 9.99), converted exactly. */
const euros = z.union([z.string(), z.number()], { error: AMOUNT }).transform((value, ctx) => {
  const converted = eurosToCents(value);
  if (converted === null || converted > MAX_CENTS) {
    ctx.addIssue({ code: 'custom', message: AMOUNT });
    return z.NEVER;
  }
  return converted;
});
/** A nested object that may also arrive as JSON text (the spec's `…_json` naming). */
const jsonObject = <S extends z.ZodType>(shape: S) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value; // refused below as "not an object"
    }
  }, shape);
const specText = (max: number) => z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().max(max));
const text = (max: number) => z.string().trim().max(max);
const coresSchema = z.coerce.number().int().min(0).max(512);

/**
 * POST /api/admin/create (admin only) -> {productId} (spec §2 "Product creation form", §3 "Product
 * creation payload", §5 defaults). Two shapes are accepted: the spec's (price, support, margin in
 * euros; ovh_config_json {region, os}; config_products {ram, cores, storage, traffic}) and the
 * flat one (price_cents, support_cents, margin_cents; region, os, ram, cores, storage, traffic).
 * Either way the service gets the flat shape in cents.
 */
export const createProductSchema = z
  .object({
    name: z.string().trim().min(1, 'Le nom et le slug sont obligatoires.').max(200),
    slug: z
      .string()
      .trim()
      .min(1, 'Le nom et le slug sont obligatoires.')
      .max(120)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    description: z.string().max(5000).default(''),
    price_cents: z.coerce.number().int().positive(PRICE_REQUIRED).max(MAX_CENTS).optional(),
    support_cents: cents.optional(),
    margin_cents: cents.optional(),
    price: euros.optional(),
    support: euros.optional(),
    margin: euros.optional(),
    tax_rate: z.coerce.number().min(0).max(100).default(21),
    currency: z.enum(CURRENCIES).default('EUR'),
    region: text(60).optional(),
    os: text(60).optional(),
    ram: text(30).optional(),
    cores: coresSchema.optional(),
    storage: text(30).optional(),
    traffic: text(30).optional(),
    ovh_config_json: jsonObject(z.object({ region: specText(60).optional(), os: specText(60).optional() })).optional(),
    config_products: jsonObject(
      z.object({
        ram: specText(30).optional(),
        cores: coresSchema.optional(),
        storage: specText(30).optional(),
        traffic: specText(30).optional(),
      }),
    ).optional(),
    stock: z.coerce.number().int().min(0).max(1_000_000).default(0),
    category_id: entityId().optional(),
    /** null: explicitly "Sans sous-catégorie" (the form asks; an absent one is left to the category rule). */
    subcategory_id: entityId().nullable().optional(),
    /** One of the shop's illustrations; absent: the category's (shared/catalog/product-images.ts). */
    image: productImageSchema.optional(),
  })
  .transform((input, ctx) => {
    const priceCents = input.price_cents ?? input.price;
    if (priceCents === undefined || priceCents <= 0) {
      ctx.addIssue({ code: 'custom', path: [input.price_cents === undefined ? 'price' : 'price_cents'], message: PRICE_REQUIRED });
      return z.NEVER;
    }
    const ovh = input.ovh_config_json ?? {};
    const config = input.config_products ?? {};
    return {
      name: input.name,
      slug: input.slug,
      description: input.description,
      price_cents: priceCents,
      support_cents: input.support_cents ?? input.support ?? 0,
      margin_cents: input.margin_cents ?? input.margin ?? 0,
      tax_rate: input.tax_rate,
      currency: input.currency,
      region: input.region ?? ovh.region ?? '',
      os: input.os ?? ovh.os ?? '',
      ram: input.ram ?? config.ram ?? '',
      cores: input.cores ?? config.cores ?? 0,
      storage: input.storage ?? config.storage ?? '',
      traffic: input.traffic ?? config.traffic ?? '',
      stock: input.stock,
      category_id: input.category_id,
      subcategory_id: input.subcategory_id,
      image: input.image,
    };
  });
export type CreateProductInput = z.output<typeof createProductSchema>;
export type CreateProductPayload = z.input<typeof createProductSchema>;

export const createProductAnswerSchema = z.object({ productId: z.number().int() });
export type CreateProductDto = z.infer<typeof createProductAnswerSchema>;

/**
 * GET /api/admin/user/{id} -> the profile: spec §3 "User profile" (fullName, walletCents, email,
 * avatarUrl, id), with the role and duty the back-office shows.
 */
export const staffProfileSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  walletCents: z.number().int(),
  role,
  is_online: z.boolean(),
});
export type StaffProfileDto = z.infer<typeof staffProfileSchema>;

/** One wallet movement: spec §3 "Transaction" (the profile's table: ID, Type, Montant, Date, Description). */
export const transactionSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  amountCents: z.number().int(),
  date: isoDate,
  description: z.string(),
});
export type TransactionDto = z.infer<typeof transactionSchema>;

/** GET /api/admin/user/{id}/transactions -> {transactions}, newest first. */
export const transactionsSchema = z.object({ transactions: z.array(transactionSchema) });
export type TransactionsDto = z.infer<typeof transactionsSchema>;

/** POST /api/admin/orders/{id}/take -> the order as the list now shows it (in_progress, the caller's). */
export const takeOrderAnswerSchema = z.object({ success: z.literal(true), order: staffOrderSchema });
export type TakeOrderDto = z.infer<typeof takeOrderAnswerSchema>;

/** The VPS selection panel: 50 free machines a page, 'Charger plus' for the next. */
export const AVAILABLE_VPS_PAGE_SIZE = 50;

/**
 * GET /api/admin/vps/available?orderId=&after=&limit= query: with orderId, only machines of that
 * order's OS family. `after`: the last machine shown (the previous page's `next`), with the same orderId.
 */
export const availableVpsQuerySchema = z.object({
  userId: userId.optional(),
  orderId: entityId().optional(),
  after: afterCursor,
  limit: pageLimit(AVAILABLE_VPS_PAGE_SIZE),
});

/** The plan the order bought (its first line's name and config_products), beside which the machines are offered. */
export const orderedPlanSchema = z.object({
  product: z.string(),
  ram: z.number(),
  cores: z.number(),
  storage: z.number(),
});
export type OrderedPlanDto = z.infer<typeof orderedPlanSchema>;

/**
 * Matching machines first, then upgrades, then those too small, a page at a time; orderedPlan null
 * without an order or a known plan.
 */
export const availableVpsListSchema = z.object({
  vpsList: z.array(availableVpsSchema),
  orderedPlan: orderedPlanSchema.nullable(),
  next: nextCursor,
  hasMore: z.boolean(),
});
export type AvailableVpsListDto = z.infer<typeof availableVpsListSchema>;

/** POST /api/admin/orders/{id}/mark-paid and /cancel (Billing, admin only): {userId?}. */
export const billingOrderActionSchema = z.object({ userId: userId.optional() });

/** GET /api/admin/support-tickets?after=&limit= (newest first, 100 a page) -> {tickets, limit, next}. */
export const staffTicketsQuerySchema = z.object({
  /** The last ticket shown (the previous page's `next`). */
  after: afterCursor,
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

export const staffTicketsSchema = z.object({ tickets: z.array(staffTicketSchema), limit: z.number().int(), next: nextCursor });
export type StaffTicketsDto = z.infer<typeof staffTicketsSchema>;

/** POST /api/admin/support-tickets/{id}/reply and /close -> the ticket as the list now shows it. */
export const staffTicketActionSchema = z.object({ ticket: staffTicketSchema });
export type StaffTicketActionDto = z.infer<typeof staffTicketActionSchema>;

export const AUDIT_LOG_PAGE_SIZE = 50;

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
      .regex(/^(\d+|system|[^\s@]+@[^\s@]+)$/, 'Identifiant, e-mail ou « system » attendu.')
      // A number names a user: it must be one that can exist (shared/schemas/ids.ts).
      .refine((actor) => !/^\d+$/.test(actor) || idParam.safeParse(actor).success, 'Identifiant, e-mail ou « system » attendu.')
      .optional(),
    action: z
      .string()
      .trim()
      .max(100)
      .regex(/^[a-z0-9_.]+$/, 'Préfixe d’action attendu (ex. order. ou ticket.replied).')
      .optional(),
    from: logDate.optional(),
    to: logDate.optional(),
    /** The last entry shown (the previous page's `next`). */
    after: afterCursor,
    limit: pageLimit(AUDIT_LOG_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from.slice(0, 10) <= q.to.slice(0, 10), { path: ['to'], message: 'La fin précède le début.' });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** One audit row as the Logs category shows it: who (name and e-mail; null: the system), what, when. */
export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: isoDate,
});
export type AuditLogEntryDto = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditLogEntrySchema),
  limit: z.number().int(),
  next: nextCursor,
  /** Whether a next page exists. */
  hasMore: z.boolean(),
});
export type AuditLogPageDto = z.infer<typeof auditLogPageSchema>;

export const ADMIN_PRODUCTS_PAGE_SIZE = 50;

/** GET /api/admin/products?q=&archived=&after= (Produits, manager and admin): 50 a page, by name. */
export const adminProductsQuerySchema = z.object({
  /** Part of the name or the slug; empty: every product. */
  q: z.string().trim().max(200).default(''),
  /** 'true': the archived products (out of the shop) only; otherwise the active ones. */
  archived: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  /** The last product shown (the previous page's `next`). */
  after: afterCursor,
  limit: pageLimit(ADMIN_PRODUCTS_PAGE_SIZE),
});
export type AdminProductsQuery = z.infer<typeof adminProductsQuerySchema>;

/** GET /api/admin/categories -> the categories a product may go into, each with its subcategories. */
export const staffCategoriesSchema = z.object({
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      subcategories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
});
export type StaffCategoriesDto = z.infer<typeof staffCategoriesSchema>;

/** One product as the Produits category lists and edits it; money in cents (HT, before tax). */
export const adminProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  /** null: "Sans sous-catégorie". */
  subcategory_id: z.number().int().nullable(),
  subcategory_name: z.string().nullable(),
  image: productImageSchema,
  price_cents: z.number().int(),
  support_cents: z.number().int(),
  margin_cents: z.number().int(),
  tax_rate: z.number(),
  currency: z.string(),
  stock: z.number().int(),
  /** false: archived, out of the shop. */
  is_active: z.boolean(),
  description: z.string(),
  updated_at: isoDate,
});
export type AdminProductDto = z.infer<typeof adminProductSchema>;

export const adminProductsPageSchema = z.object({ products: z.array(adminProductSchema), next: nextCursor, hasMore: z.boolean() });
export type AdminProductsPageDto = z.infer<typeof adminProductsPageSchema>;

const productCents = z.number().int().max(100_000_000);

/**
 * PATCH /api/admin/products/{id} -> {product}: the fields to change, at least one. Unknown fields
 * (slug, currency…) are refused rather than ignored: the editor must not think they changed.
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
    image: productImageSchema.optional(),
    /** Moving a product names both: the category and its subcategory (null: "Sans sous-catégorie"). */
    category_id: entityId().optional(),
    subcategory_id: entityId().nullable().optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), { message: 'Rien à modifier.' })
  .refine((input) => (input.category_id === undefined) === (input.subcategory_id === undefined), {
    message: 'Choisissez la catégorie et la sous-catégorie ensemble.',
    path: ['subcategory_id'],
  });
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

export const adminProductUpdatedSchema = z.object({ product: adminProductSchema });
export type AdminProductUpdatedDto = z.infer<typeof adminProductUpdatedSchema>;

/** Back-office category 4 "Facturation": which orders the list shows. */
export const BILLING_FILTERS = ['unpaid', 'transfers', 'paid'] as const;
export type BillingFilter = (typeof BILLING_FILTERS)[number];
export const BILLING_PAGE_SIZE = 50;

/**
 * GET /api/admin/billing?filter=&after=&limit= (admin only). unpaid: oldest due first; transfers:
 * unpaid with a bank transfer announced, oldest announcement first; paid: settled orders, newest
 * payment first. `after`: the last order shown (the previous page's `next`).
 */
export const billingQuerySchema = z.object({
  filter: z.enum(BILLING_FILTERS).default('unpaid'),
  after: afterCursor,
  limit: z.coerce.number().int().min(1).max(BILLING_PAGE_SIZE).default(BILLING_PAGE_SIZE),
});
export type BillingQuery = z.infer<typeof billingQuerySchema>;

/** One order as Billing lists it. */
export const billingOrderSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  client_name: z.string(),
  client_email: z.string(),
  status: orderStatus,
  payment_method: z.string().nullable(),
  total_cents: z.number().int(),
  currency: z.string(),
  created_at: isoDate,
  due_at: isoDate.nullable(),
  transfer_reference: z.string().nullable(),
  transfer_announced_at: isoDate.nullable(),
  invoice_number: z.string().nullable(),
  paid_at: isoDate.nullable(),
  refunded_cents: z.number().int(),
  /** The payment went through a provider we can refund it through (refund `to: 'payment'`). */
  refundable_to_payment: z.boolean(),
});
export type BillingOrderDto = z.infer<typeof billingOrderSchema>;

export const billingPageSchema = z.object({ orders: z.array(billingOrderSchema), next: nextCursor, hasMore: z.boolean() });
export type BillingPageDto = z.infer<typeof billingPageSchema>;

/** Where a refund goes: the customer's wallet (its currency only), or back to the payment method through the provider. */
export const REFUND_DESTINATIONS = ['wallet', 'payment'] as const;

/** POST /api/admin/orders/{id}/refund (admin only): credits the customer's wallet, or refunds the payment method. */
export const refundOrderSchema = z.object({
  userId: userId.optional(),
  amount_cents: z.number({ error: 'Montant en centimes attendu.' }).int().min(1, 'Le montant doit être supérieur à 0.').max(100_000_000),
  reason: z.string({ error: 'Motif attendu.' }).trim().min(1, 'Le motif est obligatoire.').max(500),
  /** Default: the wallet. */
  to: z.enum(REFUND_DESTINATIONS, { error: 'Destination inconnue.' }).optional(),
});
export type RefundOrderInput = z.infer<typeof refundOrderSchema>;

export const refundOrderAnswerSchema = z.object({
  success: z.literal(true),
  /** The customer's wallet balance after the refund (unchanged by a refund to the payment method). */
  wallet_cents: z.number().int(),
});
export type RefundOrderDto = z.infer<typeof refundOrderAnswerSchema>;

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
