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

/**
 * A game variant (Paper, Forge, Fabric): its egg and image on the panel where they differ from the
 * product's, and its variables' values (over the product's).
 */
export const gameVariantSchema = z.object({
  id: choiceId,
  name: z.string().trim().min(1).max(60),
  egg: z.number().int().positive().optional(),
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
  /** Order at OVH when no free machine matches (needs OVH_AUTO_ORDER=1 and the `ovh` settings beside). */
  orderAtOvh: z.boolean().default(false),
});
export type InventorySettings = z.infer<typeof inventorySettingsSchema>;

export const ovhOrderSettingsSchema = z.object({
  planCode: z.string().trim().min(1).max(80),
  datacenter: z.string().trim().min(1).max(20),
  /** The most OVH may charge for one period, tax excluded, in cents: above it nothing is bought. */
  maxPriceCents: z.number().int().positive().max(100_000_000),
});
export type OvhOrderSettings = z.infer<typeof ovhOrderSettingsSchema>;

/**
 * The product form's delivery section. A game server's stock is the product's own `stock` (the
 * number staff set), a VPS from the inventory counts its free machines (server/modules/catalog).
 */
export const deliverySettingsSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('manual') }),
  z
    .object({ mode: z.literal('inventory'), inventory: inventorySettingsSchema, ovh: ovhOrderSettingsSchema.optional() })
    .refine((s) => !s.inventory.orderAtOvh || s.ovh !== undefined, {
      message: 'Commander chez OVH demande son offre, son datacenter et son prix maximum.',
      path: ['ovh'],
    }),
  z.object({ mode: z.literal('ovh_order'), ovh: ovhOrderSettingsSchema }),
  z.object({ mode: z.literal('pterodactyl'), pterodactyl: pterodactylSettingsSchema }),
]);
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;
export type DeliverySettingsInput = z.input<typeof deliverySettingsSchema>;

/**
 * products.delivery_config as the provisioners read it: a Pterodactyl product's settings flat
 * (pterodactylSettingsSchema), an inventory product's `{ inventory, ovh? }`, an OVH order's
 * `{ ovh }`, nothing for manual delivery.
 */
export function deliveryConfigOf(settings: DeliverySettings): Record<string, unknown> {
  switch (settings.mode) {
    case 'manual':
      return {};
    case 'inventory':
      return settings.ovh ? { inventory: settings.inventory, ovh: settings.ovh } : { inventory: settings.inventory };
    case 'ovh_order':
      return { ovh: settings.ovh };
    case 'pterodactyl':
      return settings.pterodactyl;
  }
}

/** The settings of a stored product (products.delivery and delivery_config); null when they no longer read. */
export function readDeliverySettings(mode: string, config: unknown): DeliverySettings | null {
  const stored = typeof config === 'object' && config !== null ? (config as Record<string, unknown>) : {};
  const parsed = deliverySettingsSchema.safeParse(mode === 'pterodactyl' ? { mode, pterodactyl: stored } : { ...stored, mode });
  return parsed.success ? parsed.data : null;
}

/** Whether a product's delivery may buy a machine at OVH (still behind OVH_AUTO_ORDER=1). */
export function allowsOvhOrdering(settings: DeliverySettings): boolean {
  if (settings.mode === 'ovh_order') return true;
  return settings.mode === 'inventory' && settings.inventory.orderAtOvh && settings.ovh !== undefined;
}

/**
 * What the panel is asked to install for a variant (or the product's own settings without one):
 * the variant's egg, image and startup where it names them, the product's otherwise, and the
 * product's variables with the variant's over them. One function for the product form's check and
 * the provisioner, so what staff saved is what the panel gets.
 */
export function gameServerSettingsFor(
  settings: PterodactylSettings,
  variant: Pick<GameVariant, 'egg' | 'dockerImage' | 'startup' | 'environment'> | null,
): { egg: number; dockerImage: string; startup: string; environment: Record<string, string> } {
  return {
    egg: variant?.egg ?? settings.egg,
    dockerImage: variant?.dockerImage ?? settings.dockerImage,
    startup: variant?.startup ?? settings.startup,
    environment: { ...settings.environment, ...variant?.environment },
  };
}

export const SERVICE_KIND_OF_MODE = {
  manual: null,
  inventory: 'vps',
  ovh_order: 'vps',
  pterodactyl: 'game',
} as const satisfies Record<(typeof DELIVERY_MODES)[number], (typeof SERVICE_KINDS)[number] | null>;

/** What GET /api/products says of delivery: automatic ("En ligne en quelques minutes") or by an agent. */
export const DELIVERY_PROMISES = ['automatic', 'manual'] as const;
export type DeliveryPromise = (typeof DELIVERY_PROMISES)[number];

/** Manual delivery keeps the terms' 3 to 4 working days; every other mode runs by itself. */
export const deliveryPromiseOf = (mode: (typeof DELIVERY_MODES)[number]): DeliveryPromise => (mode === 'manual' ? 'manual' : 'automatic');

/** At most this many systems or variants a product offers. */
export const MAX_CHOICES = 20;

const uniqueIds = <T extends { id: string }>(items: T[]) => new Set(items.map((i) => i.id)).size === items.length;

export const osChoicesSchema = z
  .array(osChoiceSchema)
  .max(MAX_CHOICES)
  .refine(uniqueIds, { message: 'Chaque système doit avoir son propre identifiant.' });
export const gameVariantsSchema = z
  .array(gameVariantSchema)
  .max(MAX_CHOICES)
  .refine(uniqueIds, { message: 'Chaque variante doit avoir son propre identifiant.' });

/** A product's delivery with what its buyer chooses, as the product form sets them together. */
export interface ProductDeliveryChoices {
  serviceKind: (typeof SERVICE_KINDS)[number];
  delivery: DeliverySettings;
  osChoices: readonly OsChoice[];
  variants: readonly GameVariant[];
}

/**
 * The service a product delivers: the one its delivery mode makes (inventory and OVH: a VPS;
 * Pterodactyl: a game server), or for manual delivery the one staff chose (a VPS by default).
 */
export function serviceKindOf(mode: (typeof DELIVERY_MODES)[number], chosen: (typeof SERVICE_KINDS)[number] | undefined) {
  return SERVICE_KIND_OF_MODE[mode] ?? chosen ?? 'vps';
}

/**
 * What does not go together (field path, message): a kind the mode contradicts, systems on a game
 * server, variants on a VPS. The form's schema and the update (stored values merged with the
 * changes) ask the same.
 */
export function deliveryChoiceIssues(
  choices: Omit<ProductDeliveryChoices, 'serviceKind'> & { serviceKind: (typeof SERVICE_KINDS)[number] | undefined },
): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const implied = SERVICE_KIND_OF_MODE[choices.delivery.mode];
  if (implied && choices.serviceKind && choices.serviceKind !== implied) {
    issues.push({
      path: ['service_kind'],
      message: implied === 'game' ? 'Ce mode de livraison livre un serveur de jeu.' : 'Ce mode de livraison livre un VPS.',
    });
  }
  const kind = serviceKindOf(choices.delivery.mode, choices.serviceKind);
  if (kind === 'game' && choices.osChoices.length)
    issues.push({ path: ['os_choices'], message: 'Un serveur de jeu ne propose pas de système à choisir.' });
  if (kind === 'vps' && choices.variants.length) issues.push({ path: ['variants'], message: 'Un VPS ne propose pas de variante de jeu.' });
  return issues;
}
