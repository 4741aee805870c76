import { DELETE_AFTER_DAYS, SUSPEND_AFTER_DAYS } from '../../../../shared/billing/service-period';

/** Shown as "last updated" on every legal page; change it with the texts. */
export const LEGAL_UPDATED_ON = '2026-11-28';

/**
 * The billing rules' own delays (issue 17): the terms cannot say other than what the jobs do. The
 * seller's identity comes beside them from the server (ui/seller/seller-values.ts).
 */
export const LEGAL_DELAYS = {
  suspendDays: SUSPEND_AFTER_DAYS,
  deleteDays: DELETE_AFTER_DAYS,
} as const;
