import type { Knex } from 'knex';
import { defaultProductImage } from '../shared/catalog/product-images';
import { DEFAULT_TAX_RATE } from '../shared/constants';
import { seededDelivery } from './catalog-delivery';
import { lookup } from './lookup';

// The demo shop: five categories of the spec (§1) with their subcategories, and products in each.
// 'Autre' is inserted by the catalogue migration and left as it is. How each product is delivered
// and what its buyer chooses: catalog-delivery.ts.

interface CategorySeed {
  name: string;
  position: number;
  subcategories: readonly string[];
}

export const CATEGORY_SEEDS: readonly CategorySeed[] = [
  { name: 'Minecraft', position: 10, subcategories: ['Vanilla', 'Moddé', 'Réseau'] },
  { name: 'Fivem', position: 20, subcategories: ['Serveur RP', 'Serveur Freeroam'] },
  { name: 'Garrys Mods', position: 30, subcategories: ['DarkRP', 'Sandbox'] },
  { name: 'Classique Linux', position: 40, subcategories: ['VPS SSD', 'VPS NVMe'] },
  // 'Bureau à distance' stays empty on purpose: the shop shows its empty state.
  { name: 'Classique Windows', position: 50, subcategories: ['VPS Windows', 'Bureau à distance'] },
];

type Region = 'GRA' | 'SBG' | 'RBX';

export interface ProductSeed {
  slug: string;
  name: string;
  description: string;
  category: string;
  subcategory: string;
  priceCents: number;
  supportCents: number;
  marginCents: number;
  stock: number;
  specs: { ram: string; cores: number; storage: string; traffic: string; bandwidth: string };
  ovh: { region: Region; os: string };
}

const UNLIMITED = 'Illimité';

export const PRODUCT_SEEDS: readonly ProductSeed[] = [
  {
    slug: 'minecraft-survie-2go',
    name: 'Minecraft Survie 2 Go',
    description:
      'Un serveur Vanilla pour jouer en survie entre amis, jusqu’à 10 joueurs. Installation en un clic, sauvegardes quotidiennes.',
    category: 'Minecraft',
    subcategory: 'Vanilla',
    priceCents: 399,
    supportCents: 0,
    marginCents: 0,
    stock: 25,
    specs: { ram: '2 Go', cores: 1, storage: '20 Go SSD', traffic: UNLIMITED, bandwidth: '250 Mbit/s' },
    ovh: { region: 'GRA', os: 'Debian 12' },
  },
  {
    slug: 'minecraft-survie-4go',
    name: 'Minecraft Survie 4 Go',
    description: 'Le serveur Vanilla ou Paper idéal pour une petite communauté de 20 joueurs, avec protection anti-DDoS incluse.',
    category: 'Minecraft',
    subcategory: 'Vanilla',
    priceCents: 799,
    supportCents: 100,
    marginCents: 0,
    stock: 18,
    specs: { ram: '4 Go', cores: 2, storage: '40 Go SSD', traffic: UNLIMITED, bandwidth: '500 Mbit/s' },
    ovh: { region: 'GRA', os: 'Debian 12' },
  },
  {
    slug: 'minecraft-modde-8go',
    name: 'Minecraft Moddé 8 Go',
    description: 'Assez de mémoire pour Forge, Fabric et les gros modpacks (ATM, RLCraft). Accès FTP et console en temps réel.',
    category: 'Minecraft',
    subcategory: 'Moddé',
    priceCents: 1499,
    supportCents: 200,
    marginCents: 100,
    stock: 4,
    specs: { ram: '8 Go', cores: 4, storage: '80 Go NVMe', traffic: UNLIMITED, bandwidth: '1 Gbit/s' },
    ovh: { region: 'SBG', os: 'Ubuntu 24.04' },
  },
  {
    slug: 'minecraft-reseau-16go',
    name: 'Minecraft Réseau 16 Go',
    description: 'Pour un réseau BungeeCord ou Velocity avec plusieurs serveurs de jeu derrière un proxy. Processeur haute fréquence.',
    category: 'Minecraft',
    subcategory: 'Réseau',
    priceCents: 2999,
    supportCents: 300,
    marginCents: 200,
    stock: 0,
    specs: { ram: '16 Go', cores: 6, storage: '160 Go NVMe', traffic: UNLIMITED, bandwidth: '1 Gbit/s' },
    ovh: { region: 'RBX', os: 'Debian 12' },
  },
  {
    slug: 'fivem-rp-starter',
    name: 'FiveM RP Starter 6 Go',
    description: 'Démarrez votre serveur roleplay GTA V avec ESX ou QBCore préinstallé, base de données MariaDB comprise.',
    category: 'Fivem',
    subcategory: 'Serveur RP',
    priceCents: 1299,
    supportCents: 0,
    marginCents: 0,
    stock: 9,
    specs: { ram: '6 Go', cores: 3, storage: '60 Go NVMe', traffic: UNLIMITED, bandwidth: '500 Mbit/s' },
    ovh: { region: 'GRA', os: 'Debian 12' },
  },
  {
    slug: 'fivem-rp-pro',
    name: 'FiveM RP Pro 12 Go',
    description: 'Pour les serveurs RP établis jusqu’à 128 joueurs : CPU dédié, sauvegardes horaires et assistance prioritaire.',
    category: 'Fivem',
    subcategory: 'Serveur RP',
    priceCents: 2499,
    supportCents: 300,
    marginCents: 200,
    stock: 3,
    specs: { ram: '12 Go', cores: 6, storage: '120 Go NVMe', traffic: UNLIMITED, bandwidth: '1 Gbit/s' },
    ovh: { region: 'SBG', os: 'Debian 12' },
  },
  {
    slug: 'fivem-freeroam-8go',
    name: 'FiveM Freeroam 8 Go',
    description: 'Courses, drift et mini-jeux : un serveur freeroam prêt à accueillir vos ressources préférées.',
    category: 'Fivem',
    subcategory: 'Serveur Freeroam',
    priceCents: 1699,
    supportCents: 0,
    marginCents: 100,
    stock: 7,
    specs: { ram: '8 Go', cores: 4, storage: '80 Go NVMe', traffic: UNLIMITED, bandwidth: '1 Gbit/s' },
    ovh: { region: 'RBX', os: 'Ubuntu 24.04' },
  },
  {
    slug: 'gmod-darkrp-4go',
    name: 'Garry’s Mod DarkRP 4 Go',
    description: 'Serveur DarkRP avec Workshop Steam synchronisé, idéal pour une communauté de 32 joueurs.',
    category: 'Garrys Mods',
    subcategory: 'DarkRP',
    priceCents: 899,
    supportCents: 0,
    marginCents: 0,
    stock: 12,
    specs: { ram: '4 Go', cores: 2, storage: '40 Go SSD', traffic: UNLIMITED, bandwidth: '500 Mbit/s' },
    ovh: { region: 'GRA', os: 'Debian 12' },
  },
  {
    slug: 'gmod-darkrp-8go',
    name: 'Garry’s Mod DarkRP 8 Go',
    description: 'Pour les serveurs DarkRP chargés en addons : plus de mémoire, stockage NVMe et redémarrages planifiés.',
    category: 'Garrys Mods',
    subcategory: 'DarkRP',
    priceCents: 1599,
    supportCents: 200,
    marginCents: 0,
    stock: 2,
    specs: { ram: '8 Go', cores: 4, storage: '80 Go NVMe', traffic: UNLIMITED, bandwidth: '1 Gbit/s' },
    ovh: { region: 'SBG', os: 'Debian 12' },
  },
  {
    slug: 'gmod-sandbox-3go',
    name: 'Garry’s Mod Sandbox 3 Go',
    description: 'Le mode bac à sable classique pour construire entre amis, avec gestion simple des addons.',
    category: 'Garrys Mods',
    subcategory: 'Sandbox',
    priceCents: 599,
    supportCents: 0,
    marginCents: 0,
    stock: 0,
    specs: { ram: '3 Go', cores: 2, storage: '30 Go SSD', traffic: UNLIMITED, bandwidth: '250 Mbit/s' },
    ovh: { region: 'GRA', os: 'Ubuntu 24.04' },
  },
  {
    slug: 'vps-linux-ssd-starter',
    name: 'VPS Linux SSD Starter',
    description: 'Un petit VPS pour un site web, un bot Discord ou un VPN personnel. Accès root complet.',
    category: 'Classique Linux',
    subcategory: 'VPS SSD',
    priceCents: 499,
    supportCents: 0,
    marginCents: 0,
    stock: 40,
    specs: { ram: '2 Go', cores: 1, storage: '40 Go SSD', traffic: UNLIMITED, bandwidth: '250 Mbit/s' },
    ovh: { region: 'GRA', os: 'Debian 12' },
  },
  {
    slug: 'vps-linux-ssd-confort',
    name: 'VPS Linux SSD Confort',
    description: 'Deux cœurs et 4 Go de mémoire pour vos applications web, bases de données et environnements de test.',
    category: 'Classique Linux',
    subcategory: 'VPS SSD',
    priceCents: 999,
    supportCents: 100,
    marginCents: 0,
    stock: 20,
    specs: { ram: '4 Go', cores: 2, storage: '80 Go SSD', traffic: UNLIMITED, bandwidth: '500 Mbit/s' },
    ovh: { region: 'SBG', os: 'Ubuntu 24.04' },
  },
  {
    slug: 'vps-linux-nvme-pro',
    name: 'VPS Linux NVMe Pro',
    description: 'Stockage NVMe rapide et 8 Go de mémoire pour la production : conteneurs Docker, e-commerce, API.',
    category: 'Classique Linux',
    subcategory: 'VPS NVMe',
    priceCents: 1999,
    supportCents: 200,
    marginCents: 0,
    stock: 6,
    specs: { ram: '8 Go', cores: 4, storage: '160 Go NVMe', traffic: UNLIMITED, bandwidth: '1 Gbit/s' },
    ovh: { region: 'GRA', os: 'Debian 12' },
  },
  {
    slug: 'vps-linux-nvme-performance',
    name: 'VPS Linux NVMe Performance',
    description: 'Huit cœurs et 16 Go de mémoire pour les charges exigeantes, avec sauvegarde automatique quotidienne.',
    category: 'Classique Linux',
    subcategory: 'VPS NVMe',
    priceCents: 3999,
    supportCents: 500,
    marginCents: 250,
    stock: 1,
    specs: { ram: '16 Go', cores: 8, storage: '320 Go NVMe', traffic: UNLIMITED, bandwidth: '2 Gbit/s' },
    ovh: { region: 'RBX', os: 'Ubuntu 24.04' },
  },
  {
    slug: 'vps-windows-standard',
    name: 'VPS Windows Standard',
    description: 'Windows Server 2022 avec licence incluse et accès Bureau à distance (RDP), livré prêt à l’emploi.',
    category: 'Classique Windows',
    subcategory: 'VPS Windows',
    priceCents: 1799,
    supportCents: 0,
    marginCents: 100,
    stock: 8,
    specs: { ram: '4 Go', cores: 2, storage: '80 Go SSD', traffic: UNLIMITED, bandwidth: '500 Mbit/s' },
    ovh: { region: 'SBG', os: 'Windows Server 2022' },
  },
  {
    slug: 'vps-windows-performance',
    name: 'VPS Windows Performance',
    description: 'Pour vos logiciels métier et serveurs de jeu Windows : 8 Go de mémoire, stockage NVMe et licence incluse.',
    category: 'Classique Windows',
    subcategory: 'VPS Windows',
    priceCents: 3499,
    supportCents: 300,
    marginCents: 0,
    stock: 5,
    specs: { ram: '8 Go', cores: 4, storage: '160 Go NVMe', traffic: UNLIMITED, bandwidth: '1 Gbit/s' },
    ovh: { region: 'GRA', os: 'Windows Server 2022' },
  },
  {
    slug: 'vps-windows-entreprise',
    name: 'VPS Windows Entreprise',
    description: 'Windows Server 2025, 16 Go de mémoire et 8 cœurs pour les équipes : plusieurs sessions RDP simultanées.',
    category: 'Classique Windows',
    subcategory: 'VPS Windows',
    priceCents: 4999,
    supportCents: 500,
    marginCents: 300,
    stock: 0,
    specs: { ram: '16 Go', cores: 8, storage: '320 Go NVMe', traffic: UNLIMITED, bandwidth: '2 Gbit/s' },
    ovh: { region: 'RBX', os: 'Windows Server 2025' },
  },
];

/** Columns the seed owns and rewrites on a re-run; stock is set once, then left to the shop. */
const PRODUCT_MERGE_COLUMNS = [
  'name',
  'description',
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
    .insert(CATEGORY_SEEDS.map((c) => ({ name: c.name, position: c.position })))
    .onConflict('name')
    .merge(['position'])
    .returning(['id', 'name']);
  const categoryIds = new Map(categories.map((c) => [c.name, c.id]));

  const subcategoryRows = CATEGORY_SEEDS.flatMap((c) =>
    c.subcategories.map((name, index) => ({
      category_id: lookup(categoryIds, c.name, 'category'),
      name,
      position: (index + 1) * 10,
    })),
  );
  const subcategories: { id: number; category_id: number; name: string }[] = await db('subcategories')
    .insert(subcategoryRows)
    .onConflict(['category_id', 'name'])
    .merge(['position'])
    .returning(['id', 'category_id', 'name']);
  const subcategoryIds = new Map(subcategories.map((s) => [`${s.category_id}/${s.name}`, s.id]));

  const productRows = PRODUCT_SEEDS.map((p) => {
    const categoryId = lookup(categoryIds, p.category, 'category');
    return {
      slug: p.slug,
      name: p.name,
      description: p.description,
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
