import { z } from 'zod';
import {
  deliverySettingsSchema,
  gameVariantsSchema,
  osChoicesSchema,
  serviceKindOf,
  type DeliverySettings,
  type GameVariant,
  type OsChoice,
} from '../../../../../../shared/schemas/delivery-settings';
import type { DeliveryMode, ServiceKind } from '../../../../../../shared/constants';
import { eurosToCents } from '../euro-cents';

// The product form's "Livraison" section (issue 31): how the product is delivered and what its
// buyer chooses. The form holds every mode's fields at once (switching mode loses nothing); what
// is checked and sent is the chosen mode's, by the shared schemas.

export interface OsChoiceRow {
  id: string;
  name: string;
  family: OsChoice['family'];
}

export interface VariantRow {
  id: string;
  name: string;
  /** The egg's id as the select holds it; '': the product's own egg. */
  egg: string;
  /** '': the egg's own image. */
  dockerImage: string;
  /** Kept as saved (no field edits them yet): the startup ('' the product's) and variables over the product's. */
  startup: string;
  environment: Record<string, string>;
}

export interface DeliveryFormValues {
  /** What an agent delivers by hand (every other mode implies it). */
  service_kind: ServiceKind;
  delivery: {
    mode: DeliveryMode;
    inventory: { plan: string; orderAtOvh: boolean };
    /** maxPriceCents is typed in euros here, sent in cents. */
    ovh: { planCode: string; datacenter: string; maxPriceCents: string };
    pterodactyl: {
      nest: string;
      egg: string;
      dockerImage: string;
      startup: string;
      environment: Record<string, string>;
      limits: { memory: string; swap: string; disk: string; io: string; cpu: string };
      featureLimits: { databases: string; allocations: string; backups: string };
      locations: number[];
      tags: string[];
      /** "25565-25600, 27015" as typed. */
      portRange: string;
    };
  };
  os_choices: OsChoiceRow[];
  variants: VariantRow[];
}

export const EMPTY_DELIVERY_FORM: DeliveryFormValues = {
  service_kind: 'vps',
  delivery: {
    mode: 'manual',
    inventory: { plan: '', orderAtOvh: false },
    ovh: { planCode: '', datacenter: '', maxPriceCents: '' },
    pterodactyl: {
      nest: '',
      egg: '',
      dockerImage: '',
      startup: '',
      environment: {},
      limits: { memory: '', swap: '0', disk: '', io: '500', cpu: '' },
      featureLimits: { databases: '0', allocations: '1', backups: '0' },
      locations: [],
      tags: [],
      portRange: '',
    },
  },
  os_choices: [],
  variants: [],
};

const text = (value: number | undefined) => (value === undefined ? '' : String(value));
const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * A saved product's section as the form holds it (the edit dialog): its mode's settings over the
 * empty form, so switching to another mode starts from that mode's defaults. Settings that no
 * longer read (null) start as delivery by hand.
 */
export function deliveryFormValuesOf(saved: {
  delivery: DeliverySettings | null;
  service_kind: ServiceKind;
  os_choices: readonly OsChoice[];
  variants: readonly GameVariant[];
}): DeliveryFormValues {
  const empty = EMPTY_DELIVERY_FORM.delivery;
  const settings = saved.delivery ?? { mode: 'manual' as const };
  const ovh = 'ovh' in settings && settings.ovh ? settings.ovh : null;
  const panel = settings.mode === 'pterodactyl' ? settings.pterodactyl : null;
  return {
    service_kind: saved.service_kind,
    delivery: {
      mode: settings.mode,
      inventory: settings.mode === 'inventory' ? settings.inventory : empty.inventory,
      ovh: ovh ? { planCode: ovh.planCode, datacenter: ovh.datacenter, maxPriceCents: euros(ovh.maxPriceCents) } : empty.ovh,
      pterodactyl: panel
        ? {
            nest: text(panel.nest),
            egg: String(panel.egg),
            dockerImage: panel.dockerImage,
            startup: panel.startup,
            environment: { ...panel.environment },
            limits: {
              memory: text(panel.limits.memory),
              swap: text(panel.limits.swap),
              disk: text(panel.limits.disk),
              io: text(panel.limits.io),
              cpu: text(panel.limits.cpu),
            },
            featureLimits: {
              databases: text(panel.featureLimits.databases),
              allocations: text(panel.featureLimits.allocations),
              backups: text(panel.featureLimits.backups),
            },
            locations: [...panel.locations],
            tags: [...panel.tags],
            portRange: panel.portRange.join(', '),
          }
        : empty.pterodactyl,
    },
    os_choices: saved.os_choices.map(({ id, name, family }) => ({ id, name, family })),
    variants: saved.variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      egg: text(variant.egg),
      dockerImage: variant.dockerImage ?? '',
      startup: variant.startup ?? '',
      environment: { ...variant.environment },
    })),
  };
}

/** What the section adds to the create call: `delivery`, `service_kind`, `os_choices`, `variants`. */
export interface DeliveryPayload {
  delivery: DeliverySettings;
  service_kind: ServiceKind;
  os_choices: OsChoice[];
  variants: GameVariant[];
}

const number = (typed: string) => (typed.trim() === '' ? undefined : Number(typed));
const portRanges = (typed: string) =>
  typed
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** A version row as the schema reads it: no egg nor image where the product's own are kept. */
function variantOf({ id, name, egg, dockerImage, startup, environment }: VariantRow): z.input<typeof gameVariantsSchema>[number] {
  return {
    id,
    name,
    ...(egg ? { egg: Number(egg) } : {}),
    ...(dockerImage ? { dockerImage } : {}),
    ...(startup ? { startup } : {}),
    environment,
  };
}

/** What the product delivers: the mode's kind, or for delivery by hand the one staff chose. */
export const kindOf = (mode: DeliveryMode, chosen: ServiceKind): ServiceKind => serviceKindOf(mode, chosen);

/** The chosen mode's settings, in the shapes the schema reads (money in cents, numbers as numbers). */
function chosenSettings({ delivery }: DeliveryFormValues): unknown {
  const ovh = () => ({ ...delivery.ovh, maxPriceCents: eurosToCents(delivery.ovh.maxPriceCents) ?? Number.NaN });
  switch (delivery.mode) {
    case 'manual':
      return { mode: 'manual' };
    case 'inventory':
      return { mode: 'inventory', inventory: delivery.inventory, ...(delivery.inventory.orderAtOvh ? { ovh: ovh() } : {}) };
    case 'ovh_order':
      return { mode: 'ovh_order', ovh: ovh() };
    case 'pterodactyl': {
      const panel = delivery.pterodactyl;
      return {
        mode: 'pterodactyl',
        pterodactyl: {
          ...panel,
          nest: number(panel.nest),
          egg: number(panel.egg) ?? 0,
          portRange: portRanges(panel.portRange),
        },
      };
    }
  }
}

/**
 * The section's schema for the form's resolver: the shared delivery settings of the chosen mode,
 * the systems offered (VPS) or the game versions (game panel). Error paths are the form's own.
 */
export const deliveryFormSchema = z
  .custom<DeliveryFormValues>()
  .transform((values) => {
    const kind = kindOf(values.delivery.mode, values.service_kind);
    return {
      delivery: chosenSettings(values),
      service_kind: kind,
      // A VPS offers systems, a game server versions: the other list is not sent.
      os_choices: kind === 'vps' ? values.os_choices : [],
      variants: kind === 'game' ? values.variants.map(variantOf) : [],
    };
  })
  .pipe(
    z.object({
      delivery: deliverySettingsSchema,
      service_kind: z.enum(['vps', 'game']),
      os_choices: osChoicesSchema,
      variants: gameVariantsSchema,
    }),
  );

/** The locale key of a field's error: the server's own (a locale key) or the rule of that kind of field. */
export function deliveryErrorKey(path: string, error: { type?: string; message?: string } | undefined): string | undefined {
  if (!error) return undefined;
  if (error.type === 'server' && error.message) return error.message;
  // A list's own rule (each id once) is said under the list.
  if (path === 'os_choices' || path === 'variants') return 'staff.delivery.errors.uniqueIds';
  const last = path.split('.').pop() ?? '';
  return FIELD_RULES[last] ?? 'staff.delivery.errors.invalid';
}

const FIELD_RULES: Record<string, string> = {
  id: 'staff.delivery.errors.choiceId',
  name: 'staff.delivery.errors.required',
  egg: 'staff.delivery.errors.egg',
  dockerImage: 'staff.delivery.errors.required',
  startup: 'staff.delivery.errors.required',
  planCode: 'staff.delivery.errors.required',
  datacenter: 'staff.delivery.errors.required',
  maxPriceCents: 'staff.delivery.errors.price',
  memory: 'staff.delivery.errors.whole',
  swap: 'staff.delivery.errors.whole',
  disk: 'staff.delivery.errors.whole',
  io: 'staff.delivery.errors.io',
  cpu: 'staff.delivery.errors.whole',
  databases: 'staff.delivery.errors.whole',
  allocations: 'staff.delivery.errors.whole',
  backups: 'staff.delivery.errors.whole',
  portRange: 'staff.delivery.errors.ports',
};
