import { servicesKeys } from './services-keys';

/** The VPS tools' answers in the query cache, under their service (dropped with it). */
export const vpsToolsKeys = {
  rootPassword: (id: number) => [...servicesKeys.detail(id), 'root-password'] as const,
  metrics: (id: number, period: string) => [...servicesKeys.detail(id), 'metrics', period] as const,
  snapshot: (id: number) => [...servicesKeys.detail(id), 'snapshot'] as const,
  /** The history: read again after an action, for its new line. */
  events: (id: number) => [...servicesKeys.detail(id), 'events'] as const,
};
