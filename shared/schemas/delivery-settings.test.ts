import { describe, expect, it } from 'vitest';
import {
  deliveryChoiceIssues,
  deliveryConfigOf,
  deliverySettingsSchema,
  gameServerSettingsFor,
  readDeliverySettings,
  type DeliverySettings,
} from './delivery-settings';

const PTERODACTYL = deliverySettingsSchema.parse({
  mode: 'pterodactyl',
  pterodactyl: {
    egg: 1,
    dockerImage: 'ghcr.io/pterodactyl/yolks:java_21',
    startup: 'java -jar {{SERVER_JARFILE}}',
    environment: { SERVER_JARFILE: 'server.jar', BUILD_NUMBER: 'latest' },
    limits: { memory: 4096, disk: 40960, cpu: 200 },
    featureLimits: {},
    locations: [1],
  },
});

describe('delivery settings as stored', () => {
  it.each<DeliverySettings>([
    { mode: 'manual' },
    { mode: 'inventory', inventory: { plan: 'VPS Essential', orderAtOvh: false } },
    {
      mode: 'inventory',
      inventory: { plan: '', orderAtOvh: true },
      ovh: { planCode: 'vps-le-2-4-80', datacenter: 'GRA', maxPriceCents: 900 },
    },
    { mode: 'ovh_order', ovh: { planCode: 'vps-le-2-4-80', datacenter: 'GRA', maxPriceCents: 900 } },
    PTERODACTYL,
  ])('reads back what it wrote ($mode)', (settings) => {
    expect(readDeliverySettings(settings.mode, JSON.parse(JSON.stringify(deliveryConfigOf(settings))))).toEqual(settings);
  });

  it('keeps a Pterodactyl product’s settings flat, as the provisioner reads them', () => {
    expect(deliveryConfigOf(PTERODACTYL)).toMatchObject({ egg: 1, locations: [1], limits: { memory: 4096, swap: 0, io: 500 } });
  });

  it('reads nothing from settings that no longer parse', () => {
    expect(readDeliverySettings('pterodactyl', { egg: 'paper' })).toBeNull();
    expect(readDeliverySettings('inventory', null)).toBeNull();
  });

  it('refuses ordering at OVH without its plan, datacenter and price limit', () => {
    const parsed = deliverySettingsSchema.safeParse({ mode: 'inventory', inventory: { orderAtOvh: true } });
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['ovh']);
  });
});

describe('a game variant over the product’s settings', () => {
  const settings = PTERODACTYL.mode === 'pterodactyl' ? PTERODACTYL.pterodactyl : null;

  it('takes the variant’s egg, image and startup where it names them, and its variables over the product’s', () => {
    expect(gameServerSettingsFor(settings!, { egg: 3, startup: 'fabric', environment: { SERVER_JARFILE: 'fabric.jar' } })).toEqual({
      egg: 3,
      dockerImage: 'ghcr.io/pterodactyl/yolks:java_21',
      startup: 'fabric',
      environment: { SERVER_JARFILE: 'fabric.jar', BUILD_NUMBER: 'latest' },
    });
    expect(gameServerSettingsFor(settings!, null).egg).toBe(1);
  });
});

describe('what goes together in a product', () => {
  const linux = [{ id: 'debian-12', name: 'Debian 12', family: 'linux' as const }];
  const paper = [{ id: 'paper', name: 'Paper', environment: {} }];

  it('refuses a kind the mode contradicts, systems on a game server and variants on a VPS', () => {
    expect(deliveryChoiceIssues({ serviceKind: 'vps', delivery: PTERODACTYL, osChoices: [], variants: [] })).toEqual([
      { path: ['service_kind'], message: expect.any(String) },
    ]);
    expect(
      deliveryChoiceIssues({ serviceKind: undefined, delivery: PTERODACTYL, osChoices: linux, variants: paper }).map((i) => i.path),
    ).toEqual([['os_choices']]);
    expect(
      deliveryChoiceIssues({ serviceKind: undefined, delivery: { mode: 'manual' }, osChoices: linux, variants: paper }).map((i) => i.path),
    ).toEqual([['variants']]);
    expect(deliveryChoiceIssues({ serviceKind: 'game', delivery: { mode: 'manual' }, osChoices: [], variants: paper })).toEqual([]);
  });
});
