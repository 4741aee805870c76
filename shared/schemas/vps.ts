import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { idParam } from './ids';
import { afterCursor, nextCursor } from './paging';

// The client panel's VPS calls (spec §3 "VPS record", §7 "Client panel").

export const VPS_ACTIONS = ['start', 'stop', 'reboot'] as const;
export type VpsAction = (typeof VPS_ACTIONS)[number];

/** The machine's power as the cloud provider reports it; the *-ing states are transitions. */
export const POWER_STATUSES = ['running', 'stopped', 'starting', 'stopping', 'rebooting', 'unknown'] as const;
export type PowerStatus = (typeof POWER_STATUSES)[number];

/** POST /api/vps/{vpsId}/{action}: the machine's id and one of the power actions. */
export const vpsActionParams = z.object({ vpsId: idParam, action: z.enum(VPS_ACTIONS) });

export const vpsInfoSchema = z.object({
  ip: z.string(),
  os: z.string(),
  region: z.string(),
  status: z.enum(POWER_STATUSES),
  plan: z.string(),
  login: z.string(),
  /** Decrypted for the owner only; null when none is stored. */
  password: z.string().nullable(),
  /** ram and storage in GB. */
  specs: z.object({ ram: z.number(), cores: z.number(), storage: z.number(), traffic: z.string() }),
});
export type VpsInfoDto = z.infer<typeof vpsInfoSchema>;

/** One of the customer's servers (spec §3 "VPS record"). */
export const vpsSchema = z.object({
  vpsId: z.number().int(),
  ovh_service_name: z.string(),
  orderUuid: z.string(),
  orderId: z.number().int(),
  orderStatus: z.enum(ORDER_STATUSES),
  /** The product the customer bought (the order's first line as sold); null when the order has no line. */
  product: z.string().nullable(),
  created_at: z.iso.datetime(),
  started_at: z.iso.datetime().nullable(),
  expires_at: z.iso.datetime().nullable(),
  /** 'suspended' (unpaid renewal) refuses power actions. */
  state: z.enum(['assigned', 'suspended']),
  vps_info: vpsInfoSchema,
});
export type VpsDto = z.infer<typeof vpsSchema>;

/** GET /api/vps?after=&limit=: the panel's servers a page at a time, newest order first. */
export const VPS_PAGE_SIZE = 50;
export const vpsListQuerySchema = z.object({
  after: afterCursor,
  limit: z.coerce.number().int().min(1).max(100).default(VPS_PAGE_SIZE),
});

/** `vpsList` as the spec names it, and the `after` of the next page (null when this one is the last). */
export const vpsListSchema = z.object({ vpsList: z.array(vpsSchema), next: nextCursor });
export type VpsListDto = z.infer<typeof vpsListSchema>;

export const vpsActionSchema = z.object({ vps: vpsSchema });
export type VpsActionDto = z.infer<typeof vpsActionSchema>;
