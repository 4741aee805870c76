import { z } from 'zod';
import { DELIVERY_PROMISES } from './delivery-settings';
import { entityId, idParam } from './ids';
import { SERVICE_KINDS, SERVICE_STATUSES } from '../constants';

// The customer's services (issue 31): GET /api/services, GET /api/services/{id},
// POST|DELETE /api/services/{id}/cancel.

export const serviceParams = z.object({ id: idParam });

/** Where to connect: a game server's address and port, a VPS's IP. Null until delivered. */
export const serviceConnectionSchema = z.union([z.object({ host: z.string(), port: z.number().int() }), z.object({ ip: z.string() })]);

export const serviceSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderUuid: z.string(),
  kind: z.enum(SERVICE_KINDS),
  status: z.enum(SERVICE_STATUSES),
  delivery: z.enum(DELIVERY_PROMISES),
  product: z.object({ id: z.number().int().nullable(), name: z.string() }),
  /** The system (VPS) or variant (game) the customer chose, by id and name. */
  os: z.object({ id: z.string(), name: z.string() }).nullable(),
  variant: z.object({ id: z.string(), name: z.string() }).nullable(),
  period: z.object({
    startedAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable(),
    /** "Résilier" asked: the service ends at expiresAt, no renewal is issued. */
    endsAtTerm: z.boolean(),
  }),
  connection: serviceConnectionSchema.nullable(),
  /** The systems a VPS may be reinstalled with (the product's choices); empty for a game server. */
  osChoices: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The customer's last reinstall: running, done (root logs in with the key named), or failed. */
  reinstall: z
    .object({
      state: z.enum(['installing', 'done', 'failed']),
      os: z.object({ id: z.string(), name: z.string() }),
      sshKey: z.object({ name: z.string(), fingerprint: z.string() }).nullable(),
      startedAt: z.iso.datetime(),
      finishedAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  /** The reverse DNS name of a VPS's address, once the customer set one. */
  reverseDns: z.string().nullable(),
  /** The VPS record of GET /api/vps (power, password) when kind is vps and it is delivered. */
  vpsId: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  deliveredAt: z.iso.datetime().nullable(),
  terminatedAt: z.iso.datetime().nullable(),
});
export type ServiceDto = z.infer<typeof serviceSchema>;

export const servicesListSchema = z.object({ services: z.array(serviceSchema) });
export type ServicesListDto = z.infer<typeof servicesListSchema>;
export const serviceAnswerSchema = z.object({ service: serviceSchema });
export type ServiceAnswerDto = z.infer<typeof serviceAnswerSchema>;

/** POST /api/services/{id}/cancel: only at the end of the paid term (no refund of a running period). */
export const serviceCancelSchema = z.object({ when: z.literal('end_of_term', { error: 'services.errors.when' }) });
export type ServiceCancelInput = z.infer<typeof serviceCancelSchema>;

/**
 * POST /api/services/{id}/reinstall (issue 33): a system of the product's choices and one of the
 * account's SSH keys (OVH's rebuild installs one; root then logs in with it).
 */
export const serviceReinstallSchema = z.object({
  os: z.string({ error: 'services.reinstall.erroros' }).trim().min(1, 'services.reinstall.erroros').max(64, 'services.reinstall.erroros'),
  sshKeyId: entityId('services.reinstall.errorkey'),
});
export type ServiceReinstallInput = z.input<typeof serviceReinstallSchema>;

/** A host name as DNS takes it: labels of letters, digits and hyphens, at least two, 253 characters at most. */
const HOST_NAME = /^(?=.{1,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+[a-z][a-z0-9-]{0,62}$/;

/** PUT /api/services/{id}/reverse-dns (issue 33): the VPS's address and the name it should answer with. */
export const serviceReverseDnsSchema = z.object({
  ip: z.string({ error: 'services.rdns.errorip' }).trim().min(1, 'services.rdns.errorip').max(45, 'services.rdns.errorip'),
  reverse: z
    .string({ error: 'services.rdns.errorname' })
    .trim()
    .toLowerCase()
    .transform((name) => name.replace(/\.$/, ''))
    .pipe(z.string().regex(HOST_NAME, 'services.rdns.errorname')),
});
export type ServiceReverseDnsInput = z.input<typeof serviceReverseDnsSchema>;
export type ServiceReverseDnsSchemaOutput = z.output<typeof serviceReverseDnsSchema>;
