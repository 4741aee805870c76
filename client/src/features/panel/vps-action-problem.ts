import { ApiError } from '../../api/client';

const DEFAULT_RETRY_SECONDS = 60; // spec §9: default rate-limit wait

/** Refusals that deserve more than the spec's alert: what happened and what to do. */
export type ActionProblem =
  { kind: 'rateLimited'; seconds: number } | { kind: 'suspended' } | { kind: 'busy' } | { kind: 'cloudUnavailable' };

/** The problem a failed action call reports; null for the others (the alert alone says it). */
export function actionProblemOf(error: unknown): ActionProblem | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 429) return { kind: 'rateLimited', seconds: error.retryAfter ?? DEFAULT_RETRY_SECONDS };
  if (error.error === 'vps_suspended') return { kind: 'suspended' };
  if (error.error === 'vps_busy') return { kind: 'busy' };
  if (error.error === 'cloud_unavailable') return { kind: 'cloudUnavailable' };
  return null;
}
