// What the OVH ordering sandbox sells: a few of OVH's VPS plan codes, with the size of the machine
// each delivers and a price per month (cents, tax excluded). The inventory names the plans as the
// demo inventory does (seeds/vps-inventory.ts), so a delivered machine matches its product.

export interface SandboxVpsPlan {
  /** The inventory's `plan` of a machine of this plan. */
  name: string;
  cores: number;
  ramGb: number;
  storageGb: number;
  monthlyCents: number;
}

export const SANDBOX_VPS_PLANS: Readonly<Record<string, SandboxVpsPlan>> = {
  'vps-le-2-2-40': { name: 'VPS LE 2-2-40', cores: 2, ramGb: 2, storageGb: 40, monthlyCents: 420 },
  'vps-value-1-2-40': { name: 'VPS Value', cores: 1, ramGb: 2, storageGb: 40, monthlyCents: 599 },
  'vps-essential-2-4-80': { name: 'VPS Essential', cores: 2, ramGb: 4, storageGb: 80, monthlyCents: 1199 },
  'vps-comfort-4-8-160': { name: 'VPS Comfort', cores: 4, ramGb: 8, storageGb: 160, monthlyCents: 2399 },
};

/** The sandbox datacenter whose orders fail, to show that path. */
export const FAILING_DATACENTER = 'fail';
