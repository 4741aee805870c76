import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// The process's Prometheus instruments (GET /metrics, README "Metrics and alerts"). One registry for
// the process: the request middleware, the job wrapper, the payment events and the delivery runner
// record here as things happen; what is read from the database at scrape time is added per app
// (server/modules/metrics/). A leaf: it imports no module, so every module may record.

export const metricsRegistry = new Registry();
// Memory, CPU, event-loop lag, handles and GC of this Node process (names start with process_ / nodejs_).
collectDefaultMetrics({ register: metricsRegistry });

/** Seconds from a request's arrival to its answer, by route template (never the raw URL), method and status. */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by Express route template, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** How long each job's handler ran on this instance, by queue and outcome (completed or failed). */
export const jobDuration = new Histogram({
  name: 'job_duration_seconds',
  help: 'Time a background job ran on this instance, by pg-boss queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60, 120, 300],
  registers: [metricsRegistry],
});

/** Jobs whose handler threw (pg-boss retries them while the queue's retry limit allows). */
export const jobFailures = new Counter({
  name: 'job_failures_total',
  help: 'Background jobs that failed on this instance, by pg-boss queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

/**
 * How late a payment provider's notification was applied: from the provider's own event time when
 * the notification carries one (Stripe, PayPal), else from its arrival here.
 */
export const webhookLag = new Histogram({
  name: 'payment_webhook_lag_seconds',
  help: "Seconds from a payment provider's event (or, without its time, the notification's arrival) to its processing",
  labelNames: ['provider', 'measured_from'] as const,
  buckets: [0.05, 0.25, 1, 5, 15, 60, 300, 900, 3600],
  registers: [metricsRegistry],
});

/** Every payment notification applied (webhook, return page, sweep or settle job), by provider and what it did. */
export const paymentEventsTotal = new Counter({
  name: 'payment_events_total',
  help: 'Payment notifications applied, by provider and outcome (paid, payment_failed, amount_mismatch, paid_twice...)',
  labelNames: ['provider', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Steps of automatic delivery that ended something: delivered, handed to staff, or a provider error (retried). */
export const deliveriesTotal = new Counter({
  name: 'service_deliveries_total',
  help: 'Automatic delivery results, by service kind, delivery provider and outcome (delivered, handed_to_staff, provider_error)',
  labelNames: ['kind', 'provider', 'outcome'] as const,
  registers: [metricsRegistry],
});
