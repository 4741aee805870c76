import { createHash, timingSafeEqual } from 'node:crypto';
import { metricsRegistry } from '../../metrics/instruments';
import type { ScrapeGauges } from './scrape-gauges';

/** The text Prometheus scrapes: the process's instruments, then this app's scrape-time gauges. */
export function createMetricsExposition(gauges: ScrapeGauges) {
  return {
    contentType: metricsRegistry.contentType,
    async render(): Promise<string> {
      await gauges.refresh();
      const [instruments, scraped] = await Promise.all([metricsRegistry.metrics(), gauges.registry.metrics()]);
      return `${instruments}\n${scraped}`;
    },
  };
}

export type MetricsExposition = ReturnType<typeof createMetricsExposition>;

/**
 * Whether an Authorization header carries the expected bearer token, compared in constant time
 * (over digests, so the token's length leaks nothing either). No expected token: never.
 */
export function bearerMatches(header: string | undefined, expected: string | undefined): boolean {
  if (!expected || typeof header !== 'string') return false;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(expected));
}
