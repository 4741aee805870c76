import { z } from 'zod';

// GET /api/services/{id}/events (issue 33): what happened to a service, from the audit log, as the
// customer may see it. Each action code is stable; the panel writes its text in the page's language
// (locale key `services.events.<code without "service.">`).

export const SERVICE_EVENT_ACTIONS = [
  'service.created',
  'service.delivered',
  'service.delivery_failed',
  'service.delivery_retried',
  'service.renewed',
  'service.suspended',
  'service.unsuspended',
  'service.end_scheduled',
  'service.end_unscheduled',
  'service.terminated',
  'service.reinstall_started',
  'service.reinstalled',
  'service.reinstall_failed',
  'service.reinstall_refused',
  'service.reverse_dns_set',
  'service.backup_created',
  'service.backup_restored',
  'service.backup_deleted',
  'service.password_reset',
  'service.console_opened',
  'service.snapshot_created',
  'service.snapshot_restored',
  'service.snapshot_deleted',
  'service.power_start',
  'service.power_stop',
  'service.power_restart',
  'service.power_kill',
  'service.file_written',
  'service.file_uploaded',
  'service.sftp_password_reset',
] as const;
export type ServiceEventAction = (typeof SERVICE_EVENT_ACTIONS)[number];

/** At most this many, newest first: a service's history over years stays one short list. */
export const SERVICE_EVENTS_LISTED = 100;

export const serviceEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(SERVICE_EVENT_ACTIONS),
  at: z.iso.datetime(),
  /** Who did it: the customer, the shop's staff, or the shop itself (deliveries, billing, jobs). */
  by: z.enum(['you', 'staff', 'system']),
  /** The system of a reinstall. */
  os: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The reverse DNS name set. */
  reverse: z.string().nullable(),
  /** The new end of the paid period (a renewal). */
  expiresAt: z.iso.datetime().nullable(),
  /** The game server's file written or uploaded. */
  file: z.string().nullable(),
});
export type ServiceEventDto = z.infer<typeof serviceEventSchema>;

export const serviceEventsSchema = z.object({ events: z.array(serviceEventSchema) });
