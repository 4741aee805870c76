import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';

// The VPS tools of the panel (issue 33): root password reset, OVH's browser console, usage graphs
// and the one snapshot OVH keeps, each through the cloud adapter.

/** The periods the graphs cover (OVH `monitoring`: lastday, lastweek, lastmonth). */
export const METRICS_PERIODS = ['24h', '7d', '30d'] as const;
export type MetricsPeriod = (typeof METRICS_PERIODS)[number];

export const metricsQuerySchema = z.object({
  period: z.enum(METRICS_PERIODS, { error: 'panel.vpsTools.metrics.errorperiod' }),
});

/** One series: unix seconds and values (null where the machine did not report), oldest first. */
const seriesSchema = z.object({
  unit: z.string(),
  times: z.array(z.number().int()),
  values: z.array(z.number().nullable()),
});
export type MetricsSeries = z.infer<typeof seriesSchema>;

export const metricsSchema = z.object({
  period: z.enum(METRICS_PERIODS),
  /** CPU used, in percent of the machine's cores. */
  cpu: seriesSchema,
  /** Memory used, in MB, and the machine's memory (`total`, MB). */
  memory: seriesSchema.extend({ total: z.number().nullable() }),
  /** Network received and sent, in bits per second. */
  networkIn: seriesSchema,
  networkOut: seriesSchema,
});
export type MetricsDto = z.infer<typeof metricsSchema>;

/**
 * A root password reset accepted: OVH mails the new password once its task ran (`by_mail`, to the
 * shop's OVH account, which support then hands over), or the sandbox gives it at once (shown once).
 */
export const rootPasswordResetSchema = z.object({
  reset: z.discriminatedUnion('delivery', [
    z.object({ delivery: z.literal('by_mail') }),
    z.object({ delivery: z.literal('given'), password: z.string() }),
  ]),
});

/** Whether a reset still runs at the provider. */
export const rootPasswordStateSchema = z.object({ running: z.boolean() });

export const vpsConsoleSchema = z.object({
  /** Opens the machine's console in a new tab; for its owner alone, never kept or logged. */
  url: z.string(),
  /** The sandbox's page of our own rather than OVH's console. */
  sandbox: z.boolean(),
});

/** The sandbox console's language; one the shop does not speak falls back to the browser's. */
export const sandboxConsoleQuerySchema = z.object({ lng: z.enum(LANGUAGES).optional().catch(undefined) });

export const SNAPSHOT_TASKS = ['creating', 'restoring', 'deleting'] as const;

export const snapshotStateSchema = z.object({
  snapshot: z.object({
    /** Whether the plan has OVH's snapshot option; without it nothing else here applies. */
    included: z.boolean(),
    current: z.object({ createdAt: z.iso.datetime({ offset: true }), description: z.string() }).nullable(),
    /** What runs at the provider now, if anything. */
    running: z.enum(SNAPSHOT_TASKS).nullable(),
  }),
});
export type SnapshotStateDto = z.infer<typeof snapshotStateSchema>['snapshot'];

export const snapshotCreateSchema = z.object({
  description: z.string().trim().max(100, 'panel.vpsTools.snapshot.errordescription').default(''),
});
export type SnapshotCreateInput = z.input<typeof snapshotCreateSchema>;
