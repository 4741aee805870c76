import type { ServiceKind } from '../shared/constants';
import {
  deliveryConfigOf,
  deliverySettingsSchema,
  type DeliverySettingsInput,
  type GameVariant,
  type OsChoice,
} from '../shared/schemas/delivery-settings';
import { planSizeOf } from '../shared/staff/vps-fit';
import { DEMO_EGGS, defaultEnvironment } from '../server/providers/game-panel/demo-catalogue';
import type { PanelEgg } from '../server/providers/game-panel/types';

// How the demo catalogue delivers itself (issue 31): its game servers on the sandbox Pterodactyl
// panel (the eggs of server/providers/game-panel/demo-catalogue.ts: 1 Paper, 2 Forge, 3 Fabric,
// 4 FiveM, 5 Garry's Mod, with their images, startup and variables; locations 1 gra and 2 rbx,
// never 3 `fail`), its VPS from the inventory plan of their size, each with the systems its buyer
// chooses from.

/** The sandbox panel's locations a demo server may go to. */
const LOCATIONS = [1, 2];

function egg(id: number): PanelEgg {
  const found = DEMO_EGGS.find((e) => e.id === id);
  if (!found) throw new Error(`seed: the sandbox panel has no egg ${id}`);
  return found;
}

/** What the panel installs from an egg: its first image and its startup, its variables at their defaults with these values over them. */
function install(eggId: number, values: Record<string, string> = {}): PanelInstall {
  const chosen = egg(eggId);
  return {
    nest: chosen.nest ?? undefined,
    egg: chosen.id,
    dockerImage: Object.values(chosen.dockerImages)[0]!,
    startup: chosen.startup,
    environment: { ...defaultEnvironment(chosen), ...values },
  };
}

/** Minecraft: Paper by default; Forge and Fabric on their own eggs with their own variables. */
const MINECRAFT = install(1);
const MINECRAFT_VARIANTS: GameVariant[] = [
  { id: 'paper', name: 'Paper', egg: 1, environment: {} },
  { id: 'forge', name: 'Forge', egg: 2, startup: egg(2).startup, environment: defaultEnvironment(egg(2)) },
  { id: 'fabric', name: 'Fabric', egg: 3, startup: egg(3).startup, environment: defaultEnvironment(egg(3)) },
];

// The customer sets their own FiveM key from the panel; the demo server starts with a placeholder.
const FIVEM = install(4, { FIVEM_LICENSE: 'demo-license-key', SERVER_HOSTNAME: 'HubHost FiveM' });

const gmod = (gamemode: string, map: string) => install(5, { GAMEMODE: gamemode, SRCDS_MAP: map });

export const LINUX_CHOICES: OsChoice[] = [
  { id: 'debian-12', name: 'Debian 12', family: 'linux' },
  { id: 'ubuntu-24-04', name: 'Ubuntu 24.04', family: 'linux' },
  { id: 'almalinux-9', name: 'AlmaLinux 9', family: 'linux' },
];
export const WINDOWS_CHOICES: OsChoice[] = [{ id: 'windows-server-2022', name: 'Windows Server 2022', family: 'windows' }];
/** The Entreprise offer promises 2025 too. */
const WINDOWS_2025: OsChoice = { id: 'windows-server-2025', name: 'Windows Server 2025', family: 'windows' };

/** The inventory plans (seeds/vps-inventory.ts) by size: a VPS product draws from the plan of its own size. */
export const PLAN_OF_SIZE: Record<string, string> = {
  '2/1/40': 'VPS Value',
  '4/2/80': 'VPS Essential',
  '8/4/160': 'VPS Comfort',
  '16/8/320': 'VPS Elite',
};

export interface SeededDelivery {
  service_kind: ServiceKind;
  delivery: string;
  delivery_config: string;
  os_choices: string;
  variants: string;
}

interface SeedSpecs {
  ram: string;
  cores: number;
  storage: string;
}

/** A game server's panel settings: the product's memory, cores and disk as the panel's limits. */
interface PanelInstall {
  nest: number | undefined;
  egg: number;
  dockerImage: string;
  startup: string;
  environment: Record<string, string>;
}

function gameSettings(base: PanelInstall, specs: SeedSpecs, allocations: number): DeliverySettingsInput {
  const size = planSizeOf({ ...specs });
  if (!size) throw new Error(`seed: specs without a size (${JSON.stringify(specs)})`);
  return {
    mode: 'pterodactyl',
    pterodactyl: {
      ...base,
      limits: { memory: size.ram * 1024, swap: 0, disk: size.storage * 1024, io: 500, cpu: size.cores * 100 },
      featureLimits: { databases: 1, allocations, backups: 3 },
      locations: LOCATIONS,
    },
  };
}

function inventorySettings(specs: SeedSpecs): DeliverySettingsInput {
  const size = planSizeOf({ ...specs });
  const plan = size ? PLAN_OF_SIZE[`${size.ram}/${size.cores}/${size.storage}`] : undefined;
  if (!plan) throw new Error(`seed: no inventory plan of size ${JSON.stringify(specs)}`);
  return { mode: 'inventory', inventory: { plan, orderAtOvh: false } };
}

/** The delivery columns of a demo product, from its category (and subcategory for Garry's Mod). */
export function seededDelivery(product: { category: string; subcategory: string; specs: SeedSpecs; ovh: { os: string } }): SeededDelivery {
  const { category, specs } = product;
  let settings: DeliverySettingsInput;
  let kind: ServiceKind = 'game';
  let osChoices: OsChoice[] = [];
  let variants: GameVariant[] = [];
  if (category === 'Minecraft') {
    settings = gameSettings(MINECRAFT, specs, 1);
    variants = MINECRAFT_VARIANTS;
  } else if (category === 'Fivem') {
    settings = gameSettings(FIVEM, specs, 2); // the game port and txAdmin's
  } else if (category === 'Garrys Mods') {
    const darkRp = product.subcategory === 'DarkRP';
    settings = gameSettings(darkRp ? gmod('darkrp', 'rp_downtown_v4c_v2') : gmod('sandbox', 'gm_flatgrass'), specs, 1);
  } else {
    settings = inventorySettings(specs);
    kind = 'vps';
    osChoices =
      category !== 'Classique Windows'
        ? LINUX_CHOICES
        : product.ovh.os === WINDOWS_2025.name
          ? [...WINDOWS_CHOICES, WINDOWS_2025]
          : WINDOWS_CHOICES;
  }
  return {
    service_kind: kind,
    delivery: settings.mode,
    delivery_config: JSON.stringify(deliveryConfigOf(deliverySettingsSchema.parse(settings))),
    os_choices: JSON.stringify(osChoices),
    variants: JSON.stringify(variants),
  };
}
