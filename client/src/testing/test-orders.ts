import type { CustomerOrderDto, OrderLineDto } from '../../../shared/schemas/checkout';

// Orders as GET /api/orders/{id} and GET /api/vps/orders answer them, for the component tests.

export const orderLine = (overrides: Partial<OrderLineDto> = {}): OrderLineDto => ({
  product_id: 5,
  name: 'VPS NVMe 8 Go',
  price_cents: 1000,
  support_cents: 200,
  margin_cents: 100,
  qty: 1,
  tax_rate: 21,
  config_products: { ram: '8 Go', cores: 4 },
  os: null,
  variant: null,
  ...overrides,
});

export const customerOrder = (overrides: Partial<CustomerOrderDto> = {}): CustomerOrderDto => ({
  id: 42,
  uuid: '0b6f1d7e-5c1a-4f8e-9a3d-2c4b6e8f0a1b',
  status: 'unpaid',
  subtotal_cents: 1300,
  tax_rate: 21,
  tax_cents: 273,
  total_cents: 1573,
  currency: 'EUR',
  payment_method: 'card',
  created_at: '2026-11-20T09:30:00.000Z',
  paid_at: null,
  delivered_at: null,
  invoice_number: null,
  invoice_peppol_id: null,
  transfer_reference: null,
  transfer_announced_at: null,
  paypalUrl: null,
  due_at: null,
  renewed_until: null,
  reserved_until: null,
  cancel_reason: null,
  refund: null,
  lines: [orderLine()],
  ...overrides,
});
