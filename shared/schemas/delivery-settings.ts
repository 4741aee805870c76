import { z } from 'zod';
import { DELIVERY_MODES, OS_FAMILIES, SERVICE_KINDS } from '../constants';

// How a product is delivered and what its buyer chooses (issue 31): the systems of a VPS, the
// variants of a game server, and each delivery mode's settings as staff set them in the product
// form. The server validates the Pterodactyl ones against the panel before saving.

const choiceId = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9]+(?:[-.][a-z0-9]+)*$/, 'lowercase letters, digits and dashes');

/** A system a VPS buyer may choose: a stable id, the name shown, and its family (the picker's rule). */
export const osChoiceSchema = z.object({
  id: choiceId,
  name: z.string().trim().min(1).max(60),
  family: z.enum(OS_FAMILIES),
});
export type OsChoice = z.infer<typeof osChoiceSchema>;

/** A game variant (Paper, Forge, Fabric): its egg and image on the panel, and its variables' values. */
export const gameVariantSchema = z.object({
  id: choiceId,
  name: z.string().trim().min(1).max(60),
  egg: z.number().int().positive(),
  dockerImage: z.string().trim().min(1).max(300).optional(),
  startup: z.string().trim().min(1).max(1000).optional(),
  environment: z.record(z.string().max(60), z.string().max(500)).default({}),
});
export type GameVariant = z.infer<typeof gameVariantSchema>;

const nonNegative = (max: number) => z.coerce.number().int().min(0).max(max);

export const pterodactylSettingsSchema = z.object({
  nest: z.number().int().positive().optional(),
  egg: z.number().int().positive(),
  dockerImage: z.string().trim().min(1).max(300),
  startup: z.string().trim().min(1).max(1000),
  environment: z.record(z.string().max(60), z.string().max(500)).default({}),
  limits: z.object({
    memory: nonNegative(1_048_576),
    swap: z.coerce.number().int().min(-1).max(1_048_576).default(0),
    disk: nonNegative(10_485_760),
    io: z.coerce.number().int().min(10).max(1000).default(500),
    cpu: nonNegative(100_000),
  }),
  featureLimits: z.object({
    databases: nonNegative(100).default(0),
    allocations: nonNegative(100).default(1),
    backups: nonNegative(100).default(0),
  }),
  /** Pterodactyl deploys by locations, Pelican by node tags: one of the two. */
  locations: z.array(z.number().int().positive()).max(20).default([]),
  tags: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
  portRange: z
    .array(z.string().regex(/^\d{1,5}(-\d{1,5})?$/))
    .max(10)
    .default([]),
});
export type PterodactylSettings = z.infer<typeof pterodactylSettingsSchema>;

export const inventorySettingsSchema = z.object({
  /** The inventory plan a machine must carry (empty: any plan at least as large as the product's specs). */
  plan: z.string().trim().max(60).default(''),
  /** Order at OVH when no free machine matches (needs OVH_AUTO_ORDER=1). */
  orderAtOvh: z.boolean().default(false),
});

export const ovhOrderSettingsSchema = z.object({
  planCode: z.string().trim().min(1).max(80),
  datacenter: z.string().trim().min(1).max(20),
  /** The most OVH may charge for one period, tax excluded, in cents: above it nothing is bought. */
  maxPriceCents: z.number().int().positive().max(100_000_000),
});

/** The product form's delivery section. */
export const deliverySettingsSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('manual') }),
  z.object({ mode: z.literal('inventory'), inventory: inventorySettingsSchema, ovh: ovhOrderSettingsSchema.optional() }),
  z.object({ mode: z.literal('ovh_order'), ovh: ovhOrderSettingsSchema }),
  z.object({ mode: z.literal('pterodactyl'), pterodactyl: pterodactylSettingsSchema, gameStock: nonNegative(100_000).optional() }),
]);
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

export const SERVICE_KIND_OF_MODE = {
  manual: null,
  inventory: 'vps',
  ovh_order: 'vps',
  pterodactyl: 'game',
} as const satisfies Record<(typeof DELIVERY_MODES)[number], (typeof SERVICE_KINDS)[number] | null>;

/** What GET /api/products says of delivery: automatic ("En ligne en quelques minutes") or by an agent. */
export const DELIVERY_PROMISES = ['automatic', 'manual'] as const;
export type DeliveryPromise = (typeof DELIVERY_PROMISES)[number];
