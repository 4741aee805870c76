import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { afterCursor, nextCursor, pageLimit } from './paging';

/** The outcomes a sandbox card is saved with, so every renewal path can be tried without keys. */
export const SANDBOX_CARD_OUTCOMES = ['succeeds', 'declined', 'needs_authentication'] as const;
export type SandboxCardOutcome = (typeof SANDBOX_CARD_OUTCOMES)[number];

/** A saved method as the panel shows it: never more than brand, last four digits, expiry, or a masked account. */
export const savedMethodSchema = z.object({
  id: z.number().int(),
  provider: z.enum(['stripe', 'mollie', 'sandbox']),
  kind: z.enum(['card', 'directdebit']),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  bank_account: z.string().nullable(),
  sandbox_outcome: z.enum(SANDBOX_CARD_OUTCOMES).nullable(),
  is_default: z.boolean(),
  created_at: z.iso.datetime(),
});
export type SavedMethodDto = z.infer<typeof savedMethodSchema>;

/** GET /api/payment-methods: the caller's methods, default first, and the ways a new one can be saved. */
export const savedMethodsSchema = z.object({
  methods: z.array(savedMethodSchema),
  can_save: z.object({ stripe: z.boolean(), mollie: z.boolean(), sandbox: z.boolean() }),
});
export type SavedMethodsDto = z.infer<typeof savedMethodsSchema>;

export const startSetupBodySchema = z.object({
  provider: z.enum(['stripe', 'mollie']),
  lng: z.enum(LANGUAGES).optional(),
});

export const startedSetupSchema = z.object({ setup_id: z.uuid(), redirect_url: z.string() });

export const setupParamsSchema = z.object({ setupId: z.uuid() });

export const finishedSetupSchema = z.object({
  status: z.enum(['saved', 'open', 'failed']),
  method: savedMethodSchema.nullable(),
});

export const sandboxCardBodySchema = z.object({ outcome: z.enum(SANDBOX_CARD_OUTCOMES) });

/** One of the caller's servers and whether its renewals are paid on their own. */
export const autoRenewalServiceSchema = z.object({
  vps_id: z.number().int(),
  /** The product bought, as sold (the order line's name); null only for a machine without an order line. */
  product_name: z.string().nullable(),
  /** The machine's host name, shown beside the product. */
  service_name: z.string(),
  auto_renew: z.boolean(),
  expires_at: z.iso.datetime().nullable(),
  /** When the next renewal will be charged (3 days before expiry), or null while nothing can pay it. */
  next_charge_at: z.iso.datetime().nullable(),
});

export type AutoRenewalServiceDto = z.infer<typeof autoRenewalServiceSchema>;

/** The panel's automatic-renewal switches: 50 servers a page, 'Charger plus' for the next. */
export const AUTO_RENEWAL_PAGE_SIZE = 50;

/** GET /api/auto-renewal?after=&limit=: `after` is the last server shown (the previous page's `next`). */
export const autoRenewalQuerySchema = z.object({
  after: afterCursor,
  limit: pageLimit(AUTO_RENEWAL_PAGE_SIZE),
});

/**
 * GET /api/auto-renewal: the wallet-first choice, whether a method is saved, and a page of the
 * servers' switches, oldest order first, with the `after` of the next page (null at the end).
 */
export const autoRenewalSchema = z.object({
  wallet_first: z.boolean(),
  has_method: z.boolean(),
  services: z.array(autoRenewalServiceSchema),
  next: nextCursor,
});
export type AutoRenewalDto = z.infer<typeof autoRenewalSchema>;

/** PUT /api/auto-renewal/services/{id}: the server as the list now shows it. */
export const autoRenewalServiceAnswerSchema = z.object({ service: autoRenewalServiceSchema });

/** PUT /api/auto-renewal/wallet: the choice as now saved. */
export const walletFirstAnswerSchema = z.object({ wallet_first: z.boolean() });

export const switchBodySchema = z.object({ enabled: z.boolean() });
