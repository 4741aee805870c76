import type { Knex } from 'knex';
import type { TranslatedLanguage } from '../shared/catalog/catalogue-texts';
import { defaultProductImage } from '../shared/catalog/product-images';
import type { StorageType } from '../shared/catalog/storage-types';
import { DEFAULT_TAX_RATE } from '../shared/constants';
import { seededDelivery } from './catalog-delivery';
import { lookup } from './lookup';

// The demo shop: five categories of the spec (§1) with their subcategories, and products in each.
// 'Autre' is inserted by the catalogue migration and left as it is. How each product is delivered
// and what its buyer chooses: catalog-delivery.ts.

/** The demo's texts in Dutch, English and Polish; French is the seed's own name and description. */
type Texts<T> = Record<TranslatedLanguage, T>;

interface CategorySeed {
  name: string;
  position: number;
  translations?: Texts<{ name: string }>;
  subcategories: readonly { name: string; translations?: Texts<{ name: string }> }[];
}

const named = (nl: string, en: string, pl: string): Texts<{ name: string }> => ({ nl: { name: nl }, en: { name: en }, pl: { name: pl } });

export const CATEGORY_SEEDS: readonly CategorySeed[] = [
  {
    name: 'Minecraft',
    position: 10,
    subcategories: [
      { name: 'Vanilla' },
      { name: 'Moddé', translations: named('Gemod', 'Modded', 'Z modami') },
      { name: 'Réseau', translations: named('Netwerk', 'Network', 'Sieć') },
    ],
  },
  {
    name: 'Fivem',
    position: 20,
    subcategories: [
      { name: 'Serveur RP', translations: named('RP-server', 'RP server', 'Serwer RP') },
      { name: 'Serveur Freeroam', translations: named('Freeroam-server', 'Freeroam server', 'Serwer Freeroam') },
    ],
  },
  { name: 'Garrys Mods', position: 30, subcategories: [{ name: 'DarkRP' }, { name: 'Sandbox' }] },
  {
    name: 'Classique Linux',
    position: 40,
    translations: named('Klassiek Linux', 'Classic Linux', 'Klasyczny Linux'),
    subcategories: [{ name: 'VPS SSD' }, { name: 'VPS NVMe' }],
  },
  // 'Bureau à distance' stays empty on purpose: the shop shows its empty state.
  {
    name: 'Classique Windows',
    position: 50,
    translations: named('Klassiek Windows', 'Classic Windows', 'Klasyczny Windows'),
    subcategories: [
      { name: 'VPS Windows' },
      { name: 'Bureau à distance', translations: named('Extern bureaublad', 'Remote desktop', 'Pulpit zdalny') },
    ],
  },
];

type Region = 'GRA' | 'SBG' | 'RBX';

export interface ProductSeed {
  slug: string;
  name: string;
  description: string;
  translations: Texts<{ name: string; description: string }>;
  category: string;
  subcategory: string;
  priceCents: number;
  supportCents: number;
  marginCents: number;
  stock: number;
  /** Written the French way ("2 Go", "Illimité"): each language reads its own units and words. */
  specs: { ram: string; cores: number; storage: string; traffic: string; bandwidth: string };
  storageType: StorageType;
  ovh: { region: Region; os: string };
}

const UNLIMITED = 'Illimité';

// Every sentence says only what the shop delivers today (issue 34, test: shared/claims): no FTP,
// console, one-click install or backups until the panel has them.
export const PRODUCT_SEEDS: readonly ProductSeed[] = [
  {
    slug: 'minecraft-survie-2go',
    name: 'Minecraft Survie 2 Go',
    description: 'Un serveur Vanilla pour jouer en survie entre amis, jusqu’à 10 joueurs.',
    translations: {
      nl: {
        name: 'Minecraft Survival 2 GB',
        description: 'Een Vanilla-server om met vrienden survival te spelen, tot 10 spelers.',
      },
      en: {
        name: 'Minecraft Survival 2 GB',
        description: 'A Vanilla server to play survival with friends, up to 10 players.',
      },
      pl: {
        name: 'Minecraft Survival 2 GB',
        description: 'Serwer Vanilla do gry w trybie przetrwania ze znajomymi, do 10 graczy.',
      },
    },
    category: 'Minecraft',
    subcategory: 'Vanilla',
    priceCents: 399,
    supportCents: 0,
    marginCents: 0,
    stock: 25,
    specs: { ram: '2 Go', cores: 1, storage: '20 Go SSD', traffic: UNLIMITED, bandwidth: '250 Mbit/s' },
    storageType: 'SSD',
    ovh: { region: 'GRA', os: 'Debian 12' },
  },
  {
    slug: 'minecraft-survie-4go',
    name: 'Minecraft Survie 4 Go',
    description: 'Le serveur Vanilla ou Paper idéal pour une petite communauté de 20 joueurs, avec protection anti-DDoS incluse.',
    translations: {
      nl: {
        name: 'Minecraft Survival 4 GB',
        description: 'De ideale Vanilla- of Paper-server voor een kleine community van 20 spelers, met DDoS-bescherming inbegrepen.',
      },
      en: {
        name: 'Minecraft Survival 4 GB',
        description: 'The ideal Vanilla or Paper server for a small community of 20 players, with DDoS protection included.',
      },
      pl: {
        name: 'Minecraft Survival 4 GB',
        description: 'Idealny serwer Vanilla lub Paper dla małej społeczności 20 graczy, z ochroną przed DDoS w cenie.',
      },
    },
    category: 'Minecraft',
    subcategory: 'Vanilla',
    priceCents: 799,
    supportCents: 100,
    marginCents: 0,
    stock: 18,
    specs: { ram: '4 Go', cores: 2, storage: '40 Go SSD', traffic: UNLIMITED, bandwidth: '500 Mbit/s' },
    storageType: 'SSD',
    ovh: { region: 'GRA', os: 'Debian 12' },
  },
  {
    slug: 'minecraft-modde-8go',
    name: 'Minecraft Moddé 8 Go',
    description:
      'Assez de mémoire pour Forge, Fabric et les gros modpacks (ATM, RLCraft) : choisissez Paper, Forge ou Fabric à la commande.',
    translations: {
      nl: {
        name: 'Minecraft Gemod 8 GB',
        description: 'Genoeg geheugen voor Forge, Fabric en grote modpacks (ATM, RLCraft): kies Paper, Forge of Fabric bij de bestelling.',
      },
      en: {
        name: 'Minecraft Modded 8 GB',
        description: 'Enough memory for Forge, Fabric and large modpacks (ATM, RLCraft): choose Paper, Forge or Fabric when you order.',
      },
      pl: {
        name: 'Minecraft z modami 8 GB',
        description: 'Dość pamięci na Forge, Fabric i duże modpacki (ATM, RLCraft): wybierz Paper, Forge lub Fabric przy zamówieniu.',
      },
    },
    category: 'Minecraft',
    subcategory: 'Moddé',
    priceCents: 1499,
    supportCents: 200,
    marginCents: 100,
    stock: 4,
    specs: { ram: '8 Go', cores: 4, storage: '80 Go NVMe', traffic: UNLIMITED, bandwidth: '1 Gbit/s' },
    storageType: 'NVMe',
    ovh: { region: 'SBG', os: 'Ubuntu 24.04' },
  },
  {
    slug: 'minecraft-reseau-16go',
    name: 'Minecraft Réseau 16 Go',
    description: 'Pour un réseau BungeeCord ou Velocity avec plusieurs serveurs de jeu derrière un proxy : 16 Go de mémoire et 6 cœurs.',
    translations: {
      nl: {
        name: 'Minecraft Netwerk 16 GB',
        description: 'Voor een BungeeCord- of Velocity-netwerk met meerdere gameservers achter een proxy: 16 GB geheugen en 6 cores.',
      },
      en: {
        name: 'Minecraft Network 16 GB',
        description: 'For a BungeeCord or Velocity network with several game servers behind a proxy: 16 GB of memory and 6 cores.',
      },
      pl: {
        name: 'Minecraft Sieć 16 GB',
        description: 'Dla sieci BungeeCord lub Velocity z kilkoma serwerami gry za proxy: 16 GB pamięci i 6 rdzeni.',
      },
    },
    category: 'Minecraft',
    subcategory: 'Réseau',
    priceCents: 2999,
    supportCents: 300,
    marginCents: 200,
    stock: 0,
    specs: { ram: '16 Go', cores: 6, storage: '160 Go NVMe', traffic: UNLIMITED, bandwidth: '1 Gbit/s' },
    storageType: 'NVMe',
    ovh: { region: 'RBX', os: 'Debian 12' },
  },
  {
    slug: 'fivem-rp-starter',
    name: 'FiveM RP Starter 6 Go',
    description: 'Démarrez votre serveur roleplay GTA V : un serveur FiveM avec sa base de données MariaDB comprise.',
    translations: {
      nl: {
        name: 'FiveM RP Starter 6 GB',
        description: 'Start je GTA V-roleplayserver: een FiveM-server met MariaDB-database inbegrepen.',
      },
      en: {
        name: 'FiveM RP Starter 6 GB',
        description: 'Start your GTA V roleplay server: a FiveM server with its MariaDB database included.',
      },
      pl: {
        name: 'FiveM RP Starter 6 GB',
        description: 'Uruchom swój serwer roleplay GTA V: serwer FiveM z bazą danych MariaDB w cenie.',
      },
    },
    category: 'Fivem',
    subcategory: 'Serveur RP',
    priceCents: 1299,
    supportCents: 0,
    marginCents: 0,
    stock: 9,
    specs: { ram: '6 Go', cores: 3, storage: '60 Go NVMe', traffic: UNLIMITED, bandwidth: '500 Mbit/s' },
    storageType: 'NVMe',
    ovh: { region: 'GRA', os: 'Debian 12' },
  },
  {
    slug: 'fivem-rp-pro',
    name: 'FiveM RP Pro 12 Go',
    description: 'Pour les serveurs RP établis jusqu’à 128 joueurs : 12 Go de mémoire, 6 cœurs et stockage NVMe.',
    translations: {
      nl: {
        name: 'FiveM RP Pro 12 GB',
        description: 'Voor gevestigde RP-servers tot 128 spelers: 12 GB geheugen, 6 cores en NVMe-opslag.',
      },
      en: {
        name: 'FiveM RP Pro 12 GB',
        description: 'For established RP servers of up to 128 players: 12 GB of memory, 6 cores and NVMe storage.',
      },
      pl: {
        name: 'FiveM RP Pro 12 GB',
        description: 'Dla rozwiniętych serwerów RP do 128 graczy: 12 GB pamięci, 6 rdzeni i dysk NVMe.',
      },
    },
    category: 'Fivem',
    subcategory: 'Serveur RP',
    priceCents: 2499,
    supportCents: 300,
    marginCents: 200,
    stock: 3,
    specs: { ram: '12 Go', cores: 6, storage: '120 Go NVMe', traffic: UNLIMITED, bandwidth: '1 Gbit/s' },
    storageType: 'NVMe',
    ovh: { region: 'SBG', os: 'Debian 12' },
  },
  {
    slug: 'fivem-freeroam-8go',
    name: 'FiveM Freeroam 8 Go',
    description: 'Courses, drift et mini-jeux : un serveur freeroam prêt à accueillir vos ressources préférées.',
    translations: {
      nl: {
        name: 'FiveM Freeroam 8 GB',
        description: 'Races, drift en minigames: een freeroam-server klaar voor je favoriete resources.',
      },
      en: {
        name: 'FiveM Freeroam 8 GB',
        description: 'Races, drifting and mini-games: a freeroam server ready for your favourite resources.',
      },
      pl: {
        name: 'FiveM Freeroam 8 GB',
        description: 'Wyścigi, drift i minigry: serwer freeroam gotowy na Twoje ulubione zasoby.',
      },
    },
    category: 'Fivem',
    subcategory: 'Serveur Freeroam',
    priceCents: 1699,
    supportCents: 0,
    marginCents: 100,
    stock: 7,
    specs: { ram: '8 Go', cores: 4, storage: '80 Go NVMe', traffic: UNLIMITED, bandwidth: '1 Gbit/s' },
    storageType: 'NVMe',
    ovh: { region: 'RBX', os: 'Ubuntu 24.04' },
  },
  {
    slug: 'gmod-darkrp-4go',
    name: 'Garry’s Mod DarkRP 4 Go',
    description: 'Un serveur DarkRP prêt à jouer, idéal pour une communauté de 32 joueurs.',
    translations: {
      nl: { name: 'Garry’s Mod DarkRP 4 GB', description: 'Een speelklare DarkRP-server, ideaal voor een community van 32 spelers.' },
      en: { name: 'Garry’s Mod DarkRP 4 GB', description: 'A DarkRP server ready to play, ideal for a community of 32 players.' },
      pl: { name: 'Garry’s Mod DarkRP 4 GB', description: 'Gotowy do gry serwer DarkRP, idealny dla społeczności 32 graczy.' },
    },
    category: 'Garrys Mods',
    subcategory: 'DarkRP',
    priceCents: 899,
    supportCents: 0,
    marginCents: 0,
    stock: 12,
    specs: { ram: '4 Go', cores: 2, storage: '40 Go SSD', traffic: UNLIMITED, bandwidth: '500 Mbit/s' },
    storageType: 'SSD',
    ovh: { region: 'GRA', os: 'Debian 12' },
  },
  {
    slug: 'gmod-darkrp-8go',
    name: 'Garry’s Mod DarkRP 8 Go',
    description: 'Pour les serveurs DarkRP chargés en addons : plus de mémoire et un stockage NVMe.',
    translations: {
      nl: { name: 'Garry’s Mod DarkRP 8 GB', description: 'Voor DarkRP-servers met veel addons: meer geheugen en NVMe-opslag.' },
      en: { name: 'Garry’s Mod DarkRP 8 GB', description: 'For DarkRP servers heavy with addons: more memory and NVMe storage.' },
      pl: { name: 'Garry’s Mod DarkRP 8 GB', description: 'Dla serwerów DarkRP z wieloma dodatkami: więcej pamięci i dysk NVMe.' },
    },
    category: 'Garrys Mods',
    subcategory: 'DarkRP',
    priceCents: 1599,
    supportCents: 200,
    marginCents: 0,
    stock: 2,
    specs: { ram: '8 Go', cores: 4, storage: '80 Go NVMe', traffic: UNLIMITED, bandwidth: '1 Gbit/s' },
    storageType: 'NVMe',
    ovh: { region: 'SBG', os: 'Debian 12' },
  },
  {
    slug: 'gmod-sandbox-3go',
    name: 'Garry’s Mod Sandbox 3 Go',
    description: 'Le mode bac à sable classique pour construire entre amis.',
    translations: {
      nl: { name: 'Garry’s Mod Sandbox 3 GB', description: 'De klassieke sandboxmodus om samen met vrienden te bouwen.' },
      en: { name: 'Garry’s Mod Sandbox 3 GB', description: 'The classic sandbox mode to build with friends.' },
      pl: { name: 'Garry’s Mod Sandbox 3 GB', description: 'Klasyczny tryb piaskownicy do budowania ze znajomymi.' },
    },
    category: 'Garrys Mods',
    subcategory: 'Sandbox',
    priceCents: 599,
    supportCents: 0,
    marginCents: 0,
    stock: 0,
    specs: { ram: '3 Go', cores: 2, storage: '30 Go SSD', traffic: UNLIMITED, bandwidth: '250 Mbit/s' },
    storageType: 'SSD',
    ovh: { region: 'GRA', os: 'Ubuntu 24.04' },
  },
  {
    slug: 'vps-basic',
    name: 'VPS Basic',
    description: 'L’offre Basic : 2 Go de mémoire, un cœur et 40 Go SSD pour un site, un bot ou un premier projet. Accès root complet.',
    translations: {
      nl: {
        name: 'VPS Basic',
        description:
          'Het Basic-pakket: 2 GB geheugen, één core en 40 GB SSD voor een website, een bot of een eerste project. Volledige root-toegang.',
      },
      en: {
        name: 'VPS Basic',
        description: 'The Basic offer: 2 GB of memory, one core and 40 GB SSD for a website, a bot or a first project. Full root access.',
      },
      pl: {
        name: 'VPS Basic',
        description: 'Pakiet Basic: 2 GB pamięci, jeden rdzeń i 40 GB SSD na stronę, bota lub pierwszy projekt. Pełny dostęp root.',
      },
    },
    category: 'Classique Linux',
    subcategory: 'VPS SSD',
    priceCents: 500,
    supportCents: 0,
    marginCents: 0,
    stock: 30,
    specs: { ram: '2 Go', cores: 1, storage: '40 Go SSD', traffic: UNLIMITED, bandwidth: '250 Mbit/s' },
    storageType: 'SSD',
    ovh: { region: 'GRA', os: 'Debian 12' },
  },
  {
    slug: 'vps-linux-ssd-starter',
    name: 'VPS Linux SSD Starter',
    description: 'Un petit VPS pour un site web, un bot Discord ou un VPN personnel. Accès root complet.',
    translations: {
      nl: {
        name: 'VPS Linux SSD Starter',
        description: 'Een kleine VPS voor een website, een Discord-bot of een persoonlijke VPN. Volledige root-toegang.',
      },
      en: { name: 'VPS Linux SSD Starter', description: 'A small VPS for a website, a Discord bot or a personal VPN. Full root access.' },
      pl: {
        name: 'VPS Linux SSD Starter',
        description: 'Mały VPS na stronę internetową, bota Discord lub prywatny VPN. Pełny dostęp root.',
      },
    },
    category: 'Classique Linux',
    subcategory: 'VPS SSD',
    priceCents: 499,
    supportCents: 0,
    marginCents: 0,
    stock: 40,
    specs: { ram: '2 Go', cores: 1, storage: '40 Go SSD', traffic: UNLIMITED, bandwidth: '250 Mbit/s' },
    storageType: 'SSD',
    ovh: { region: 'GRA', os: 'Debian 12' },
  },
  {
    slug: 'vps-standard',
    name: 'VPS Standard',
    description: 'L’offre Standard : 4 Go de mémoire, deux cœurs et 80 Go SSD pour vos applications web et bases de données.',
    translations: {
      nl: {
        name: 'VPS Standard',
        description: 'Het Standard-pakket: 4 GB geheugen, twee cores en 80 GB SSD voor je webapplicaties en databases.',
      },
      en: {
        name: 'VPS Standard',
        description: 'The Standard offer: 4 GB of memory, two cores and 80 GB SSD for your web applications and databases.',
      },
      pl: {
        name: 'VPS Standard',
        description: 'Pakiet Standard: 4 GB pamięci, dwa rdzenie i 80 GB SSD na aplikacje internetowe i bazy danych.',
      },
    },
    category: 'Classique Linux',
    subcategory: 'VPS SSD',
    priceCents: 1000,
    supportCents: 0,
    marginCents: 0,
    stock: 15,
    specs: { ram: '4 Go', cores: 2, storage: '80 Go SSD', traffic: UNLIMITED, bandwidth: '500 Mbit/s' },
    storageType: 'SSD',
    ovh: { region: 'SBG', os: 'Debian 12' },
  },
  {
    slug: 'vps-linux-ssd-confort',
    name: 'VPS Linux SSD Confort',
    description: 'Deux cœurs et 4 Go de mémoire pour vos applications web, bases de données et environnements de test.',
    translations: {
      nl: {
        name: 'VPS Linux SSD Comfort',
        description: 'Twee cores en 4 GB geheugen voor je webapplicaties, databases en testomgevingen.',
      },
      en: {
        name: 'VPS Linux SSD Comfort',
        description: 'Two cores and 4 GB of memory for your web applications, databases and test environments.',
      },
      pl: {
        name: 'VPS Linux SSD Komfort',
        description: 'Dwa rdzenie i 4 GB pamięci na aplikacje internetowe, bazy danych i środowiska testowe.',
      },
    },
    category: 'Classique Linux',
    subcategory: 'VPS SSD',
    priceCents: 999,
    supportCents: 100,
    marginCents: 0,
    stock: 20,
    specs: { ram: '4 Go', cores: 2, storage: '80 Go SSD', traffic: UNLIMITED, bandwidth: '500 Mbit/s' },
    storageType: 'SSD',
    ovh: { region: 'SBG', os: 'Ubuntu 24.04' },
  },
  {
    slug: 'vps-premium',
    name: 'VPS Premium',
    description: 'L’offre Premium : 8 Go de mémoire, quatre cœurs et 160 Go NVMe pour vos services en production.',
    translations: {
      nl: {
        name: 'VPS Premium',
        description: 'Het Premium-pakket: 8 GB geheugen, vier cores en 160 GB NVMe voor je diensten in productie.',
      },
      en: {
        name: 'VPS Premium',
        description: 'The Premium offer: 8 GB of memory, four cores and 160 GB NVMe for your services in production.',
      },
      pl: {
        name: 'VPS Premium',
        description: 'Pakiet Premium: 8 GB pamięci, cztery rdzenie i 160 GB NVMe dla usług produkcyjnych.',
      },
    },
    category: 'Classique Linux',
    subcategory: 'VPS NVMe',
    priceCents: 1800,
    supportCents: 200,
    marginCents: 0,
    stock: 8,
    specs: { ram: '8 Go', cores: 4, storage: '160 Go NVMe', traffic: UNLIMITED, bandwidth: '1 Gbit/s' },
    storageType: 'NVMe',
    ovh: { region: 'GRA', os: 'Debian 12' },
  },
  {
    slug: 'vps-linux-nvme-pro',
    name: 'VPS Linux NVMe Pro',
    description: 'Stockage NVMe rapide et 8 Go de mémoire pour la production : conteneurs Docker, e-commerce, API.',
    translations: {
      nl: {
        name: 'VPS Linux NVMe Pro',
        description: 'Snelle NVMe-opslag en 8 GB geheugen voor productie: Docker-containers, e-commerce, API’s.',
      },
      en: {
        name: 'VPS Linux NVMe Pro',
        description: 'Fast NVMe storage and 8 GB of memory for production: Docker containers, e-commerce, APIs.',
      },
      pl: { name: 'VPS Linux NVMe Pro', description: 'Szybki dysk NVMe i 8 GB pamięci do produkcji: kontenery Docker, e-commerce, API.' },
    },
    category: 'Classique Linux',
    subcategory: 'VPS NVMe',
    priceCents: 1999,
    supportCents: 200,
    marginCents: 0,
    stock: 6,
    specs: { ram: '8 Go', cores: 4, storage: '160 Go NVMe', traffic: UNLIMITED, bandwidth: '1 Gbit/s' },
    storageType: 'NVMe',
    ovh: { region: 'GRA', os: 'Debian 12' },
  },
  {
    slug: 'vps-linux-nvme-performance',
    name: 'VPS Linux NVMe Performance',
    description: 'Huit cœurs et 16 Go de mémoire sur stockage NVMe pour les charges exigeantes.',
    translations: {
      nl: { name: 'VPS Linux NVMe Performance', description: 'Acht cores en 16 GB geheugen op NVMe-opslag voor veeleisende workloads.' },
      en: { name: 'VPS Linux NVMe Performance', description: 'Eight cores and 16 GB of memory on NVMe storage for demanding workloads.' },
      pl: { name: 'VPS Linux NVMe Performance', description: 'Osiem rdzeni i 16 GB pamięci na dysku NVMe dla wymagających obciążeń.' },
    },
    category: 'Classique Linux',
    subcategory: 'VPS NVMe',
    priceCents: 3999,
    supportCents: 500,
    marginCents: 250,
    stock: 1,
    specs: { ram: '16 Go', cores: 8, storage: '320 Go NVMe', traffic: UNLIMITED, bandwidth: '2 Gbit/s' },
    storageType: 'NVMe',
    ovh: { region: 'RBX', os: 'Ubuntu 24.04' },
  },
  {
    slug: 'vps-windows-standard',
    name: 'VPS Windows Standard',
    description: 'Windows Server 2022 avec licence incluse et accès Bureau à distance (RDP), livré prêt à l’emploi.',
    translations: {
      nl: {
        name: 'VPS Windows Standard',
        description: 'Windows Server 2022 met licentie inbegrepen en toegang via Extern bureaublad (RDP), gebruiksklaar geleverd.',
      },
      en: {
        name: 'VPS Windows Standard',
        description: 'Windows Server 2022 with the licence included and Remote Desktop (RDP) access, delivered ready to use.',
      },
      pl: {
        name: 'VPS Windows Standard',
        description: 'Windows Server 2022 z licencją w cenie i dostępem przez Pulpit zdalny (RDP), dostarczany gotowy do pracy.',
      },
    },
    category: 'Classique Windows',
    subcategory: 'VPS Windows',
    priceCents: 1799,
    supportCents: 0,
    marginCents: 100,
    stock: 8,
    specs: { ram: '4 Go', cores: 2, storage: '80 Go SSD', traffic: UNLIMITED, bandwidth: '500 Mbit/s' },
    storageType: 'SSD',
    ovh: { region: 'SBG', os: 'Windows Server 2022' },
  },
  {
    slug: 'vps-windows-performance',
    name: 'VPS Windows Performance',
    description: 'Pour vos logiciels métier et serveurs de jeu Windows : 8 Go de mémoire, stockage NVMe et licence incluse.',
    translations: {
      nl: {
        name: 'VPS Windows Performance',
        description: 'Voor je bedrijfssoftware en Windows-gameservers: 8 GB geheugen, NVMe-opslag en licentie inbegrepen.',
      },
      en: {
        name: 'VPS Windows Performance',
        description: 'For your business software and Windows game servers: 8 GB of memory, NVMe storage and the licence included.',
      },
      pl: {
        name: 'VPS Windows Performance',
        description: 'Do oprogramowania firmowego i serwerów gier na Windows: 8 GB pamięci, dysk NVMe i licencja w cenie.',
      },
    },
    category: 'Classique Windows',
    subcategory: 'VPS Windows',
    priceCents: 3499,
    supportCents: 300,
    marginCents: 0,
    stock: 5,
    specs: { ram: '8 Go', cores: 4, storage: '160 Go NVMe', traffic: UNLIMITED, bandwidth: '1 Gbit/s' },
    storageType: 'NVMe',
    ovh: { region: 'GRA', os: 'Windows Server 2022' },
  },
  {
    slug: 'vps-windows-entreprise',
    name: 'VPS Windows Entreprise',
    description: 'Windows Server 2025, 16 Go de mémoire et 8 cœurs pour les équipes : plusieurs sessions RDP simultanées.',
    translations: {
      nl: {
        name: 'VPS Windows Enterprise',
        description: 'Windows Server 2025, 16 GB geheugen en 8 cores voor teams: meerdere gelijktijdige RDP-sessies.',
      },
      en: {
        name: 'VPS Windows Enterprise',
        description: 'Windows Server 2025, 16 GB of memory and 8 cores for teams: several RDP sessions at once.',
      },
      pl: {
        name: 'VPS Windows Enterprise',
        description: 'Windows Server 2025, 16 GB pamięci i 8 rdzeni dla zespołów: kilka jednoczesnych sesji RDP.',
      },
    },
    category: 'Classique Windows',
    subcategory: 'VPS Windows',
    priceCents: 4999,
    supportCents: 500,
    marginCents: 300,
    stock: 0,
    specs: { ram: '16 Go', cores: 8, storage: '320 Go NVMe', traffic: UNLIMITED, bandwidth: '2 Gbit/s' },
    storageType: 'NVMe',
    ovh: { region: 'RBX', os: 'Windows Server 2025' },
  },
];

/** Columns the seed owns and rewrites on a re-run; stock is set once, then left to the shop. */
const PRODUCT_MERGE_COLUMNS = [
  'name',
  'description',
  'translations',
  'storage_type',
  'price_cents',
  'support_cents',
  'margin_cents',
  'tax_rate',
  'currency',
  'image_url',
  'image',
  'category_id',
  'subcategory_id',
  'config_products',
  'ovh_config',
  'ovh_duration',
  'ovh_pricing_mode',
  'is_active',
  'service_kind',
  'delivery',
  'delivery_config',
  'os_choices',
  'variants',
] as const;

export async function seedCatalog(db: Knex): Promise<void> {
  const categories: { id: number; name: string }[] = await db('categories')
    .insert(CATEGORY_SEEDS.map((c) => ({ name: c.name, position: c.position, translations: JSON.stringify(c.translations ?? {}) })))
    .onConflict('name')
    .merge(['position', 'translations'])
    .returning(['id', 'name']);
  const categoryIds = new Map(categories.map((c) => [c.name, c.id]));

  const subcategoryRows = CATEGORY_SEEDS.flatMap((c) =>
    c.subcategories.map((sub, index) => ({
      category_id: lookup(categoryIds, c.name, 'category'),
      name: sub.name,
      translations: JSON.stringify(sub.translations ?? {}),
      position: (index + 1) * 10,
    })),
  );
  const subcategories: { id: number; category_id: number; name: string }[] = await db('subcategories')
    .insert(subcategoryRows)
    .onConflict(['category_id', 'name'])
    .merge(['position', 'translations'])
    .returning(['id', 'category_id', 'name']);
  const subcategoryIds = new Map(subcategories.map((s) => [`${s.category_id}/${s.name}`, s.id]));

  const productRows = PRODUCT_SEEDS.map((p) => {
    const categoryId = lookup(categoryIds, p.category, 'category');
    return {
      slug: p.slug,
      name: p.name,
      description: p.description,
      translations: JSON.stringify(p.translations),
      storage_type: p.storageType,
      price_cents: p.priceCents,
      support_cents: p.supportCents,
      margin_cents: p.marginCents,
      tax_rate: DEFAULT_TAX_RATE,
      currency: 'EUR',
      image_url: null,
      image: defaultProductImage(p.category), // every demo product shows its category's illustration
      stock: p.stock,
      category_id: categoryId,
      subcategory_id: lookup(subcategoryIds, `${categoryId}/${p.subcategory}`, 'subcategory'),
      config_products: JSON.stringify(p.specs),
      ovh_config: JSON.stringify(p.ovh),
      ovh_duration: '1',
      ovh_pricing_mode: 'default',
      is_active: true,
      ...seededDelivery(p),
    };
  });
  await db('products')
    .insert(productRows)
    .onConflict('slug')
    .merge([...PRODUCT_MERGE_COLUMNS]);
}
