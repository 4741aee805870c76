import type { ServiceKind } from '../shared/constants';
import {
  deliveryConfigOf,
  deliverySettingsSchema,
  type DeliverySettingsInput,
  type GameVariant,
  type OsChoice,
} from '../shared/schemas/delivery-settings';
import { planSizeOf } from '../shared/staff/vps-fit';

// How the demo catalogue delivers itself (issue 31): its game servers on the sandbox Pterodactyl
// panel (the eggs, nests and locations of server/providers/game-panel/demo-catalogue.ts: 1 Paper,
// 2 Forge, 3 Fabric in nest 1 Minecraft, 4 FiveM in nest 2, 5 Garry's Mod in nest 3; locations 1
// gra and 2 rbx, never 3 `fail`), its VPS from the inventory plan of their size, each with the
// systems its buyer chooses from.

/** The sandbox panel's locations a demo server may go to. */
const LOCATIONS = [1, 2];

const JAVA_21 = 'ghcr.io/pterodactyl/yolks:java_21';
const JAVA_STARTUP = 'java -Xms128M -XX:MaxRAMPercentage=95.0 -Dterminal.jline=false -Dterminal.ansi=true -jar {{SERVER_JARFILE}}';
const FORGE_STARTUP =
  'java -Xms128M -XX:MaxRAMPercentage=95.0 -Dterminal.jline=false -Dterminal.ansi=true $( [[  ! -f unix_args.txt ]] && printf %s "-jar {{SERVER_JARFILE}}" || printf %s "@unix_args.txt" )';
const FIVEM_STARTUP =
  '$(pwd)/alpine/opt/cfx-server/ld-musl-x86_64.so.1 --library-path "$(pwd)/alpine/usr/lib/v8/:$(pwd)/alpine/lib/:$(pwd)/alpine/usr/lib/" -- $(pwd)/alpine/opt/cfx-server/FXServer +set citizen_dir $(pwd)/alpine/opt/cfx-server/citizen/ +set sv_licenseKey {{FIVEM_LICENSE}} +set sv_maxplayers {{MAX_PLAYERS}} +set serverProfile default +set txAdminPort {{TXADMIN_PORT}} $( [ "$TXADMIN_ENABLE" == "1" ] || printf %s \'+exec server.cfg\' )';
const GMOD_STARTUP =
  './srcds_run -game garrysmod -console -port {{SERVER_PORT}} +ip 0.0.0.0 +host_workshop_collection {{WORKSHOP_ID}} +map {{SRCDS_MAP}} +gamemode {{GAMEMODE}} -strictportbind -norestart +sv_setsteamaccount {{STEAM_ACC}} +maxplayers {{MAX_PLAYERS}} -tickrate {{TICKRATE}}';

/** Minecraft: Paper by default; Forge and Fabric on their own eggs with their own variables. */
const MINECRAFT = {
  nest: 1,
  egg: 1,
  dockerImage: JAVA_21,
  startup: JAVA_STARTUP,
  environment: { MINECRAFT_VERSION: 'latest', SERVER_JARFILE: 'server.jar', DL_PATH: '', BUILD_NUMBER: 'latest' },
};
const MINECRAFT_VARIANTS: GameVariant[] = [
  { id: 'paper', name: 'Paper', egg: 1, environment: {} },
  {
    id: 'forge',
    name: 'Forge',
    egg: 2,
    startup: FORGE_STARTUP,
    environment: { SERVER_JARFILE: 'server.jar', MC_VERSION: 'latest', BUILD_TYPE: 'recommended', FORGE_VERSION: '' },
  },
  {
    id: 'fabric',
    name: 'Fabric',
    egg: 3,
    environment: { SERVER_JARFILE: 'server.jar', MC_VERSION: 'latest', FABRIC_VERSION: 'latest', LOADER_VERSION: 'latest' },
  },
];

const FIVEM = {
  nest: 2,
  egg: 4,
  dockerImage: 'ghcr.io/parkervcp/yolks:debian',
  startup: FIVEM_STARTUP,
  environment: {
    // The customer sets their own key from the panel; the demo server starts with a placeholder.
    FIVEM_LICENSE: 'demo-license-key',
    MAX_PLAYERS: '48',
    SERVER_HOSTNAME: 'HubHost FiveM',
    FIVEM_VERSION: 'recommended',
    TXADMIN_PORT: '40120',
    TXADMIN_ENABLE: '0',
  },
};

const gmod = (gamemode: string, map: string) => ({
  nest: 3,
  egg: 5,
  dockerImage: 'ghcr.io/pterodactyl/games:source',
  startup: GMOD_STARTUP,
  environment: {
    SRCDS_MAP: map,
    STEAM_ACC: '',
    SRCDS_APPID: '4020',
    WORKSHOP_ID: '',
    GAMEMODE: gamemode,
    MAX_PLAYERS: '32',
    TICKRATE: '22',
  },
});

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
  nest: number;
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
