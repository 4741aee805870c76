import type { ServiceDto } from '../../../../../shared/schemas/services';

// Services as GET /api/services answers them, for the component tests.

export const gameService = (overrides: Partial<ServiceDto> = {}): ServiceDto => ({
  id: 31,
  orderId: 120,
  orderUuid: '6c1f0c1e-8d0a-4a55-9b52-1f4f0f7d2a31',
  kind: 'game',
  status: 'active',
  delivery: 'automatic',
  product: { id: 5, name: 'Minecraft Survie 4 Go' },
  os: null,
  variant: { id: 'paper', name: 'Paper' },
  period: { startedAt: '2026-11-01T09:00:00.000Z', expiresAt: '2026-12-01T09:00:00.000Z', endsAtTerm: false },
  connection: { host: 'mc1.hubhost.test', port: 25565 },
  osChoices: [],
  reinstall: null,
  reverseDns: null,
  vpsId: null,
  createdAt: '2026-11-01T08:58:00.000Z',
  deliveredAt: '2026-11-01T09:00:00.000Z',
  terminatedAt: null,
  ...overrides,
});

export const vpsService = (overrides: Partial<ServiceDto> = {}): ServiceDto => ({
  id: 30,
  orderId: 118,
  orderUuid: '0b6f1d7e-5c1a-4f8e-9a3d-2c4b6e8f0a1b',
  kind: 'vps',
  status: 'active',
  delivery: 'automatic',
  product: { id: 2, name: 'VPS Linux NVMe Pro' },
  os: { id: 'ubuntu-24-04', name: 'Ubuntu 24.04' },
  variant: null,
  period: { startedAt: '2026-10-20T10:00:00.000Z', expiresAt: '2026-12-20T10:00:00.000Z', endsAtTerm: false },
  connection: { ip: '51.210.12.34' },
  osChoices: [
    { id: 'ubuntu-24-04', name: 'Ubuntu 24.04' },
    { id: 'debian-12', name: 'Debian 12' },
  ],
  reinstall: null,
  reverseDns: null,
  vpsId: 7,
  createdAt: '2026-10-20T09:55:00.000Z',
  deliveredAt: '2026-10-20T10:00:00.000Z',
  terminatedAt: null,
  ...overrides,
});

/** A service paid and still installing: no address, no period yet. */
export const installing = (overrides: Partial<ServiceDto> = {}): ServiceDto =>
  gameService({
    status: 'provisioning',
    connection: null,
    deliveredAt: null,
    period: { startedAt: null, expiresAt: null, endsAtTerm: false },
    ...overrides,
  });
