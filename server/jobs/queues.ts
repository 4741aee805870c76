// The background queues and their retry policy. Queues are schema: a migration creates them (with
// pg-boss's own tables), so every instance and every test database has them before the first job.

export interface QueueDefinition {
  name: string;
  retryLimit: number;
  retryDelay: number; // seconds
  retryBackoff: boolean;
  expireInSeconds: number;
}

/** After a payment: the customer's "payment received" mail and the request to deliver the server. */
export const ORDER_PAID_QUEUE: QueueDefinition = {
  name: 'order-paid-followup',
  retryLimit: 8,
  retryDelay: 15,
  retryBackoff: true,
  expireInSeconds: 300,
};

/**
 * The billing rules' sweep (renewal invoices, reminders, suspensions, terminations), sent by a
 * pg-boss schedule: one job per slot whatever the number of instances. A failed sweep is not
 * retried; the next slot does the same work.
 */
export const BILLING_CYCLE_QUEUE: QueueDefinition = {
  name: 'billing-cycle',
  retryLimit: 0,
  retryDelay: 60,
  retryBackoff: false,
  expireInSeconds: 900,
};

/**
 * Sends the due mails of the outbox (first tries that failed, retries with backoff), from a pg-boss
 * schedule every minute: one job per slot whatever the number of instances. A failed run is not
 * retried: the next slot does the same work.
 */
export const MAIL_OUTBOX_QUEUE: QueueDefinition = {
  name: 'mail-outbox',
  retryLimit: 0,
  retryDelay: 60,
  retryBackoff: false,
  expireInSeconds: 600,
};

/**
 * After an order is paid: its other open provider checkouts are closed (Stripe session expired,
 * Mollie payment cancelled, sandbox page closed), so nobody pays it a second time. Retried while a
 * provider is down.
 */
export const CLOSE_PAYMENTS_QUEUE: QueueDefinition = {
  name: 'close-open-payments',
  retryLimit: 10,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 300,
};

/**
 * Money given back through the provider: a payment that arrived for an order already paid or
 * cancelled, or a refund staff sent to the payment method. Retried with backoff for about a day;
 * the refund row keeps the last error for staff meanwhile.
 */
export const REFUND_PAYMENT_QUEUE: QueueDefinition = {
  name: 'refund-payment',
  retryLimit: 12,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 300,
};

/**
 * Cancels the unpaid checkout orders whose stock reservation lapsed, from a pg-boss schedule every
 * minute: one job per slot whatever the number of instances. A failed run is not retried: the next
 * slot does the same work.
 */
export const RESERVATION_EXPIRY_QUEUE: QueueDefinition = {
  name: 'reservation-expiry',
  retryLimit: 0,
  retryDelay: 60,
  retryBackoff: false,
  expireInSeconds: 600,
};

/**
 * Once a day: sessions and login hand-over codes long past their expiry are deleted (an IP address
 * and a browser are personal data, kept no longer than they serve). A failed run waits for the next.
 */
export const SESSION_PRUNE_QUEUE: QueueDefinition = {
  name: 'session-prune',
  retryLimit: 0,
  retryDelay: 60,
  retryBackoff: false,
  expireInSeconds: 600,
};

/**
 * An invoice or credit note was numbered: its PDF and UBL are made from its frozen facts, checked
 * against the official rules and stored, then a Belgian business's copy is queued for Peppol.
 * Retried with backoff; the document exists (numbered) whatever happens here.
 */
export const RENDER_DOCUMENT_QUEUE: QueueDefinition = {
  name: 'render-billing-document',
  retryLimit: 10,
  retryDelay: 15,
  retryBackoff: true,
  expireInSeconds: 300,
};

/**
 * Sends one document to the Peppol access point, right after the commit that queued it (or a
 * staff resend). Not retried by pg-boss: a failed try is rescheduled on the delivery row itself
 * (attempts, next attempt), and the e-invoice sweep takes it again when it is due.
 */
export const EINVOICE_SEND_QUEUE: QueueDefinition = {
  name: 'einvoice-send',
  retryLimit: 0,
  retryDelay: 60,
  retryBackoff: false,
  expireInSeconds: 300,
};

/**
 * Every minute from a pg-boss schedule: the e-invoice tries that are due again (with backoff) and
 * the status checks of sent documents (sent -> delivered or rejected). A failed run is not
 * retried: the next slot does the same work.
 */
export const EINVOICE_SWEEP_QUEUE: QueueDefinition = {
  name: 'einvoice-sweep',
  retryLimit: 0,
  retryDelay: 60,
  retryBackoff: false,
  expireInSeconds: 600,
};

/**
 * Every 5 minutes from a pg-boss schedule: the checkouts due for a question are asked at their
 * provider and settled as a webhook would (payment-sweep.ts). One job per slot whatever the number
 * of instances; a failed run is not retried, the next slot does the same work.
 */
export const PAYMENT_SWEEP_QUEUE: QueueDefinition = {
  name: 'payment-sweep',
  retryLimit: 0,
  retryDelay: 60,
  retryBackoff: false,
  expireInSeconds: 600,
};

/**
 * Every 10 minutes from a pg-boss schedule: the renewal invoices due for an automatic charge
 * (3 days, 1 day before and on the due date) are charged, wallet first, else the saved method. One
 * job per slot whatever the number of instances; each attempt is claimed on its own row, so a
 * failed run is not retried: the next slot takes up what it left.
 */
export const RENEWAL_CHARGE_QUEUE: QueueDefinition = {
  name: 'renewal-charge',
  retryLimit: 0,
  retryDelay: 60,
  retryBackoff: false,
  expireInSeconds: 900,
};

/**
 * A provider's notification that needs provider work (a PayPal approval or a Mollie hold to capture,
 * or to release when the order no longer takes money): the webhook verifies and records it, answers
 * at once and leaves the capture to this job, so a slow provider never holds the webhook's answer.
 * Retried with backoff; after the last try the payment sweep still settles the checkout.
 */
export const SETTLE_PAYMENT_QUEUE: QueueDefinition = {
  name: 'settle-payment-event',
  retryLimit: 10,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 300,
};

/**
 * One step of a service's automatic delivery (DESIGN.md §7): queued in the payment's transaction,
 * then again after each step that waits on the provider. A provider down is retried with backoff;
 * a refusal, or ten minutes without success, hands the service to staff.
 */
export const PROVISION_SERVICE_QUEUE: QueueDefinition = {
  name: 'provision-service',
  retryLimit: 6,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 120,
};

/** Every minute: deliveries past their ten minutes go to staff, with a mail. */
export const DELIVERY_WATCHDOG_QUEUE: QueueDefinition = {
  name: 'delivery-watchdog',
  retryLimit: 0,
  retryDelay: 60,
  retryBackoff: false,
  expireInSeconds: 120,
};

/**
 * A service ended by staff (a full refund, "terminate now") or by a refund before its delivery: its
 * server is deleted at the provider after the commit. Retried while the provider is down.
 */
export const END_SERVICE_QUEUE: QueueDefinition = {
  name: 'end-service-at-provider',
  retryLimit: 10,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};

/**
 * A customer's VPS reinstall (issue 33), followed after OVH accepted it: the job looks at the install
 * again until it is done or failed. Retried while the provider is down.
 */
export const FOLLOW_REINSTALL_QUEUE: QueueDefinition = {
  name: 'follow-reinstall',
  retryLimit: 10,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 120,
};

export const QUEUES: readonly QueueDefinition[] = [
  ORDER_PAID_QUEUE,
  BILLING_CYCLE_QUEUE,
  MAIL_OUTBOX_QUEUE,
  CLOSE_PAYMENTS_QUEUE,
  REFUND_PAYMENT_QUEUE,
  RESERVATION_EXPIRY_QUEUE,
  SESSION_PRUNE_QUEUE,
  RENDER_DOCUMENT_QUEUE,
  EINVOICE_SEND_QUEUE,
  EINVOICE_SWEEP_QUEUE,
  PAYMENT_SWEEP_QUEUE,
  RENEWAL_CHARGE_QUEUE,
  SETTLE_PAYMENT_QUEUE,
  PROVISION_SERVICE_QUEUE,
  DELIVERY_WATCHDOG_QUEUE,
  END_SERVICE_QUEUE,
  FOLLOW_REINSTALL_QUEUE,
];

export const JOB_SCHEMA = 'pgboss';
