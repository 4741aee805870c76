import type { Knex } from 'knex';

// What the renewal invoice's mail needs from automatic renewal (issue 21): how the invoice will be
// paid on its own. The billing cycle owns this port and renewal-charges implements it
// (autoChargePlan, wired in main.ts), so the cycle never imports renewal-charges, which mails
// through the cycle's billing notices.

export interface AutoChargePlan {
  from: 'wallet' | 'method';
  /** The default method as the customer reads it (brand and last four digits, or a masked account). */
  method: string | null;
}

/** The plan as things stand when the invoice is issued; null when nothing will pay it on its own. */
export type PlanAutoCharge = (
  db: Knex,
  renewal: { userId: number; vpsId: number | null; totalCents: number; currency: string },
) => Promise<AutoChargePlan | null>;
