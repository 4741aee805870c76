import { z } from 'zod';
import { entityId } from '../ids';
import { afterCursor, nextCursor, pageLimit } from '../paging';
import { isoDate, orderEnding, orderStatus, userId } from './common';

// Category 0 "Commandes" (spec §2 "Orders page", §3 "Order (staff view)"): the list, 'Prendre',
// the VPS selection and 'Attribuer'.

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
  ...orderEnding,
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
