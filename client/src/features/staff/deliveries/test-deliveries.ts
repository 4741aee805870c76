import type { StaffDeliveryDto } from '../../../../../shared/schemas/staff/deliveries';

// Deliveries as GET /api/admin/deliveries answers them, for the component tests.

export const failedGameDelivery = (overrides: Partial<StaffDeliveryDto> = {}): StaffDeliveryDto => ({
  serviceId: 31,
  orderId: 120,
  orderUuid: '6c1f0c1e-8d0a-4a55-9b52-1f4f0f7d2a31',
  orderStatus: 'pending',
  customer: { id: 7, email: 'camille@example.test', name: 'Camille Dupont' },
  product: 'Minecraft Survie 4 Go',
  kind: 'game',
  delivery: 'pterodactyl',
  status: 'needs_staff',
  os: null,
  variant: 'Paper',
  lastError: 'The requested egg does not exist (422 ValidationException: egg)',
  attempts: [
    { at: '2026-11-28T10:00:05.000Z', step: 'create_server', outcome: 'failed', detail: '422 egg' },
    { at: '2026-11-28T10:00:35.000Z', step: 'create_server', outcome: 'gave_up', detail: null },
  ],
  createdAt: '2026-11-28T10:00:00.000Z',
  ...overrides,
});

export const lateVpsDelivery = (overrides: Partial<StaffDeliveryDto> = {}): StaffDeliveryDto => ({
  ...failedGameDelivery(),
  serviceId: 30,
  orderId: 118,
  product: 'VPS Linux NVMe Pro',
  kind: 'vps',
  delivery: 'inventory',
  os: 'Ubuntu 24.04',
  variant: null,
  lastError: null,
  attempts: [{ at: '2026-11-28T09:00:05.000Z', step: 'take_machine', outcome: 'waiting', detail: 'no free machine' }],
  ...overrides,
});
