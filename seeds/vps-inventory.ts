import type { Knex } from 'knex';
import { createHash, randomInt } from 'node:crypto';
import type { OsFamily } from '../shared/constants';
import { encryptSecret } from '../server/crypto/secret-box';

// The simulated fleet staff assign from and VPS products deliver from: Linux and Windows machines in
// three regions, and at least FREE_PER_PLAN free machines of each VPS plan and system family, so
// the demo shop delivers a VPS by itself many times over. IPs are in the documentation ranges (RFC 5737).

type Plan = 'VPS Value' | 'VPS Essential' | 'VPS Comfort' | 'VPS Elite' | 'VPS Game S' | 'VPS Game M';

interface VpsSeed {
  serviceName: string;
  ip: string;
  os: string;
  osFamily: OsFamily;
  plan: Plan;
  region: 'GRA' | 'SBG' | 'RBX';
}

const PLAN_SPECS: Record<Plan, { ram_gb: number; cores: number; storage_gb: number; traffic: string }> = {
  'VPS Value': { ram_gb: 2, cores: 1, storage_gb: 40, traffic: 'Illimité' },
  'VPS Essential': { ram_gb: 4, cores: 2, storage_gb: 80, traffic: 'Illimité' },
  'VPS Comfort': { ram_gb: 8, cores: 4, storage_gb: 160, traffic: 'Illimité' },
  'VPS Elite': { ram_gb: 16, cores: 8, storage_gb: 320, traffic: 'Illimité' },
  // The game servers' sizes (Minecraft 4 Go, FiveM RP Starter): each seeded open order has a machine of its plan.
  'VPS Game S': { ram_gb: 4, cores: 2, storage_gb: 40, traffic: 'Illimité' },
  'VPS Game M': { ram_gb: 6, cores: 3, storage_gb: 60, traffic: 'Illimité' },
};

/** The machine the demo client's paid order runs on (customer-history.ts assigns it). */
export const DEMO_CLIENT_VPS = 'vps-7f3a2b.vps.ovh.net';

const NAMED_VPS_SEEDS: readonly VpsSeed[] = [
  { serviceName: DEMO_CLIENT_VPS, ip: '203.0.113.10', os: 'Debian 12', osFamily: 'linux', plan: 'VPS Comfort', region: 'GRA' },
  { serviceName: 'vps-1c9e44.vps.ovh.net', ip: '203.0.113.11', os: 'Debian 12', osFamily: 'linux', plan: 'VPS Value', region: 'GRA' },
  { serviceName: 'vps-2b80d1.vps.ovh.net', ip: '203.0.113.12', os: 'Debian 12', osFamily: 'linux', plan: 'VPS Essential', region: 'SBG' },
  {
    serviceName: 'vps-3d27fa.vps.ovh.net',
    ip: '203.0.113.13',
    os: 'Ubuntu 24.04',
    osFamily: 'linux',
    plan: 'VPS Essential',
    region: 'RBX',
  },
  { serviceName: 'vps-4e61c8.vps.ovh.net', ip: '203.0.113.14', os: 'Ubuntu 24.04', osFamily: 'linux', plan: 'VPS Comfort', region: 'SBG' },
  { serviceName: 'vps-5a0b37.vps.ovh.net', ip: '198.51.100.20', os: 'Debian 12', osFamily: 'linux', plan: 'VPS Comfort', region: 'RBX' },
  { serviceName: 'vps-6f92e5.vps.ovh.net', ip: '198.51.100.21', os: 'Ubuntu 22.04', osFamily: 'linux', plan: 'VPS Value', region: 'GRA' },
  {
    serviceName: 'vps-8c4d10.vps.ovh.net',
    ip: '198.51.100.30',
    os: 'Windows Server 2022',
    osFamily: 'windows',
    plan: 'VPS Essential',
    region: 'SBG',
  },
  {
    serviceName: 'vps-9b73ae.vps.ovh.net',
    ip: '198.51.100.31',
    os: 'Windows Server 2022',
    osFamily: 'windows',
    plan: 'VPS Comfort',
    region: 'GRA',
  },
  {
    serviceName: 'vps-a41f6d.vps.ovh.net',
    ip: '198.51.100.32',
    os: 'Windows Server 2025',
    osFamily: 'windows',
    plan: 'VPS Comfort',
    region: 'RBX',
  },
  { serviceName: 'vps-b52e90.vps.ovh.net', ip: '198.51.100.40', os: 'Debian 12', osFamily: 'linux', plan: 'VPS Game S', region: 'GRA' },
  { serviceName: 'vps-c63fa1.vps.ovh.net', ip: '198.51.100.41', os: 'Debian 12', osFamily: 'linux', plan: 'VPS Game M', region: 'GRA' },
];

/** The VPS products' plans (seeds/catalog-delivery.ts PLAN_OF_SIZE). */
const PRODUCT_PLANS: readonly Plan[] = ['VPS Value', 'VPS Essential', 'VPS Comfort', 'VPS Elite'];
export const FREE_PER_PLAN = 10;
const SYSTEMS: Record<OsFamily, readonly string[]> = {
  linux: ['Debian 12', 'Ubuntu 24.04', 'AlmaLinux 9'],
  windows: ['Windows Server 2022'],
};
const REGIONS = ['GRA', 'SBG', 'RBX'] as const;

/** FREE_PER_PLAN machines of each product plan and family, named from their place in the list (the same on every run). */
function stockedMachines(): VpsSeed[] {
  const machines: VpsSeed[] = [];
  for (const plan of PRODUCT_PLANS) {
    for (const osFamily of ['linux', 'windows'] as const) {
      for (let n = 0; n < FREE_PER_PLAN; n += 1) {
        const index = machines.length;
        const hex = createHash('sha1').update(`stock/${plan}/${osFamily}/${n}`).digest('hex').slice(0, 6);
        machines.push({
          serviceName: `vps-${hex}.vps.ovh.net`,
          ip: `192.0.2.${10 + index}`,
          os: SYSTEMS[osFamily][n % SYSTEMS[osFamily].length]!,
          osFamily,
          plan,
          region: REGIONS[n % REGIONS.length]!,
        });
      }
    }
  }
  return machines;
}

export const VPS_SEEDS: readonly VpsSeed[] = [...NAMED_VPS_SEEDS, ...stockedMachines()];

/** Columns describing the machine; state, power, password and assignment belong to the app once inserted. */
const SPEC_COLUMNS = ['ip', 'os', 'os_family', 'plan', 'region', 'ram_gb', 'cores', 'storage_gb', 'traffic', 'login'];

export async function seedVpsInventory(db: Knex, encryptionKey: string): Promise<void> {
  const known = new Set(
    (await db('vps')
      .pluck('service_name')
      .whereIn(
        'service_name',
        VPS_SEEDS.map((v) => v.serviceName),
      )) as string[],
  );
  const rows = VPS_SEEDS.map((v) => ({
    service_name: v.serviceName,
    ip: v.ip,
    os: v.os,
    os_family: v.osFamily,
    plan: v.plan,
    region: v.region,
    ...PLAN_SPECS[v.plan],
    login: v.osFamily === 'windows' ? 'Administrator' : 'root',
    state: 'available',
    power_status: 'stopped',
    // Only a machine seen for the first time gets a password; an existing one keeps its own.
    password_encrypted: known.has(v.serviceName) ? null : encryptSecret(generatePassword(), encryptionKey),
  }));
  await db('vps').insert(rows).onConflict('service_name').merge(SPEC_COLUMNS);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 20 characters from a 57-symbol alphabet (~116 bits), with a digit and a symbol for Windows' rules. */
function generatePassword(): string {
  let out = '';
  for (let i = 0; i < 18; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return `${out}${randomInt(10)}!`;
}
