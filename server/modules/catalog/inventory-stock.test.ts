import { describe, expect, it } from 'vitest';
import { countsFreeMachines, deliverableUnits, inventoryStock, type FreeMachineGroup, type InventoryDemand } from './inventory-stock';

const machines = (
  os_family: 'linux' | 'windows',
  size: [number, number, number],
  count: number,
  plan = 'VPS Essential',
): FreeMachineGroup => ({
  os_family,
  plan,
  ram_gb: size[0],
  cores: size[1],
  storage_gb: size[2],
  machines: count,
});

const product: InventoryDemand = {
  id: 7,
  plan: '',
  size: { ram: 4, cores: 2, storage: 80 },
  osChoices: [
    { id: 'debian-12', family: 'linux' },
    { id: 'windows-server-2022', family: 'windows' },
  ],
};

const FREE = [
  machines('linux', [4, 2, 80], 2),
  machines('linux', [8, 4, 160], 1, 'VPS Comfort'), // larger: fits
  machines('linux', [2, 1, 40], 5, 'VPS Value'), // too small
  machines('windows', [4, 2, 80], 1),
];

describe('the stock of a VPS delivered from the inventory', () => {
  it('counts the free machines at least as large as the product, per family of the systems it offers', () => {
    expect(deliverableUnits(product, 'linux', FREE, [])).toBe(3);
    expect(deliverableUnits(product, 'windows', FREE, [])).toBe(1);
    expect(inventoryStock(product, FREE, [])).toBe(4);
  });

  it('counts only the plan its settings name, when they name one', () => {
    const planned = { ...product, plan: 'VPS Essential' };
    expect(deliverableUnits(planned, 'linux', FREE, [])).toBe(2);
  });

  it('takes away the units waiting orders hold without a machine yet, in the family they chose', () => {
    const held = [
      { product_id: 7, os: 'debian-12', units: 2 },
      { product_id: 8, os: 'debian-12', units: 5 }, // another product's
    ];
    expect(deliverableUnits(product, 'linux', FREE, held)).toBe(1);
    expect(deliverableUnits(product, 'windows', FREE, held)).toBe(1);
    expect(inventoryStock(product, FREE, held)).toBe(2);
  });

  it('counts a unit held with a system no longer offered against every family, and never goes below zero', () => {
    const held = [{ product_id: 7, os: 'centos-7', units: 1 }];
    expect(deliverableUnits(product, 'windows', FREE, held)).toBe(0);
    expect(deliverableUnits(product, 'linux', FREE, held)).toBe(2);
    expect(inventoryStock(product, FREE, held)).toBe(3);
    expect(inventoryStock(product, FREE, [{ product_id: 7, os: null, units: 9 }])).toBe(0);
  });

  it('takes any family when the product offers no system', () => {
    const plain = { ...product, osChoices: [] };
    expect(inventoryStock(plain, FREE, [{ product_id: 7, os: null, units: 1 }])).toBe(3);
  });

  it('counts machines only for inventory products, and leaves the staff number when OVH may order more', () => {
    const inventory = { delivery: 'inventory' as const, delivery_config: { inventory: { plan: '', orderAtOvh: false } } };
    const ordering = {
      delivery: 'inventory' as const,
      delivery_config: {
        inventory: { plan: '', orderAtOvh: true },
        ovh: { planCode: 'vps-le-2-4-80', datacenter: 'GRA', maxPriceCents: 900 },
      },
    };
    expect(countsFreeMachines(inventory, true)).toBe(true);
    expect(countsFreeMachines(ordering, false)).toBe(true);
    expect(countsFreeMachines(ordering, true)).toBe(false);
    expect(countsFreeMachines({ delivery: 'pterodactyl', delivery_config: {} }, false)).toBe(false);
    expect(countsFreeMachines({ delivery: 'manual', delivery_config: {} }, false)).toBe(false);
  });
});
