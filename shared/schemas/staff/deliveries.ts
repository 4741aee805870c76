import { z } from 'zod';
import { DELIVERY_MODES, SERVICE_KINDS, SERVICE_STATUSES } from '../../constants';
import { idParam } from '../ids';

// The back-office's deliveries that wait for a person (issue 31): automatic ones that failed or ran
// out of time, with the provider's error and each attempt; "Réessayer"; a game server delivered by
// hand (an agent who made it on the panel gives its address). VPS are assigned from the orders page.

export const deliveryAttemptSchema = z.object({
  at: z.iso.datetime(),
  step: z.string(),
  outcome: z.enum(['ok', 'waiting', 'failed', 'gave_up']),
  detail: z.string().nullable(),
});

export const staffDeliverySchema = z.object({
  serviceId: z.number().int(),
  orderId: z.number().int(),
  orderUuid: z.string(),
  orderStatus: z.string(),
  customer: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  product: z.string(),
  kind: z.enum(SERVICE_KINDS),
  delivery: z.enum(DELIVERY_MODES),
  status: z.enum(SERVICE_STATUSES),
  os: z.string().nullable(),
  variant: z.string().nullable(),
  lastError: z.string().nullable(),
  attempts: z.array(deliveryAttemptSchema),
  createdAt: z.iso.datetime(),
});
export type StaffDeliveryDto = z.infer<typeof staffDeliverySchema>;

/** GET /api/admin/deliveries: automatic deliveries waiting for staff, oldest first. */
export const staffDeliveriesSchema = z.object({ deliveries: z.array(staffDeliverySchema) });
export type StaffDeliveriesDto = z.infer<typeof staffDeliveriesSchema>;

export const deliveryParams = z.object({ serviceId: idParam });
export const deliveryAnswerSchema = z.object({ delivery: staffDeliverySchema });

/** POST /api/admin/deliveries/{serviceId}/manual: a game server an agent made on the panel by hand. */
export const manualGameDeliverySchema = z.object({
  host: z.string().trim().min(1).max(253),
  port: z.coerce.number().int().min(1).max(65535),
});
