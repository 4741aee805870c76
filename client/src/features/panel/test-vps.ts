import type { VpsDto, VpsInfoDto } from '../../../../shared/schemas/vps';

// Servers as GET /api/vps answers them, for the component tests.

export const vpsInfo = (overrides: Partial<VpsInfoDto> = {}): VpsInfoDto => ({
  ip: '51.210.12.34',
  os: 'Debian 12',
  region: 'Gravelines',
  status: 'running',
  plan: 'VPS Comfort',
  login: 'debian',
  password: 'Xk7-pQ2m-Lw9z',
  specs: { ram: 8, cores: 4, storage: 160, traffic: 'Illimité' },
  ...overrides,
});

export const customerVps = (overrides: Partial<Omit<VpsDto, 'vps_info'>> = {}, info: Partial<VpsInfoDto> = {}): VpsDto => ({
  vpsId: 7,
  ovh_service_name: 'vps-7f3a2b.vps.ovh.net',
  orderUuid: '0b6f1d7e-5c1a-4f8e-9a3d-2c4b6e8f0a1b',
  orderId: 42,
  orderStatus: 'paid',
  product: 'VPS Linux NVMe Pro',
  created_at: '2026-10-01T08:00:00.000Z',
  started_at: '2026-10-03T08:00:00.000Z',
  expires_at: '2026-12-03T08:00:00.000Z',
  state: 'assigned',
  vps_info: vpsInfo(info),
  ...overrides,
});
