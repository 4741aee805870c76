import type { ServiceStatus } from '../../../shared/constants';

// The service lifecycle as data (DESIGN.md §7 "Services beside orders"): for each event, the
// statuses it may happen in, where it leads, the column it dates, and the 409 code of a refusal.
// Pure: service-lifecycle.ts applies it.

export const SERVICE_EVENTS = [
  'created',
  'delivered',
  'delivery_failed',
  'retried',
  'suspended',
  'unsuspended',
  'end_scheduled',
  'end_unscheduled',
  'terminated',
] as const;
export type ServiceEvent = (typeof SERVICE_EVENTS)[number];
export type ServiceChangeEvent = Exclude<ServiceEvent, 'created'>;

export type ServiceStampColumn = 'delivered_at' | 'suspended_at' | 'terminated_at' | 'end_at_term_requested_at';

export interface ServiceRule {
  from: readonly ServiceStatus[];
  /** 'unchanged': recorded (audit, updated_at) without moving the status. */
  to: ServiceStatus | 'unchanged';
  stamp?: ServiceStampColumn;
  clears?: readonly ServiceStampColumn[];
  refusal: string;
  /** The audit action; the customer's history reads it as a stable code. */
  action: string;
}

const LIVE: readonly ServiceStatus[] = ['active', 'suspended'];
const WAITING: readonly ServiceStatus[] = ['provisioning', 'needs_staff'];

export const SERVICE_RULES: Readonly<Record<ServiceChangeEvent, ServiceRule>> = {
  // The provisioner (or an agent assigning by hand) finished: the customer can use it.
  delivered: { from: WAITING, to: 'active', stamp: 'delivered_at', refusal: 'service_not_waiting', action: 'service.delivered' },
  // Refused by the provider, or not finished in time: an agent takes over.
  delivery_failed: { from: ['provisioning'], to: 'needs_staff', refusal: 'service_not_provisioning', action: 'service.delivery_failed' },
  // "Réessayer" in the back-office: the automation runs again from where it stopped.
  retried: { from: ['needs_staff'], to: 'provisioning', refusal: 'service_not_waiting_for_staff', action: 'service.delivery_retried' },
  suspended: { from: ['active'], to: 'suspended', stamp: 'suspended_at', refusal: 'service_not_active', action: 'service.suspended' },
  unsuspended: {
    from: ['suspended'],
    to: 'active',
    clears: ['suspended_at'],
    refusal: 'service_not_suspended',
    action: 'service.unsuspended',
  },
  // "Résilier": ends at the end of the paid term; no renewal is issued meanwhile.
  end_scheduled: {
    from: LIVE,
    to: 'unchanged',
    stamp: 'end_at_term_requested_at',
    refusal: 'service_not_cancellable',
    action: 'service.end_scheduled',
  },
  end_unscheduled: {
    from: LIVE,
    to: 'unchanged',
    clears: ['end_at_term_requested_at'],
    refusal: 'service_not_cancellable',
    action: 'service.end_unscheduled',
  },
  terminated: {
    from: [...WAITING, ...LIVE],
    to: 'terminated',
    stamp: 'terminated_at',
    refusal: 'service_terminated',
    action: 'service.terminated',
  },
};

export type ServiceVerdict = { allowed: true; to: ServiceStatus } | { allowed: false; refusal: string };

export function decideServiceTransition(from: ServiceStatus, event: ServiceChangeEvent): ServiceVerdict {
  const rule = SERVICE_RULES[event];
  if (!rule.from.includes(from)) return { allowed: false, refusal: rule.refusal };
  return { allowed: true, to: rule.to === 'unchanged' ? from : rule.to };
}
