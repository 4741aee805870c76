import { z } from 'zod';
import { ORDER_CANCEL_REASONS, ORDER_STATUSES, REFUND_DESTINATIONS, ROLES } from '../../constants';
import { entityId } from '../ids';

// The back-office calls (spec §7 "Staff"; DESIGN.md §3), one file per back-office area; this one
// holds what they share. Every call but the password check sends the staff token (`adminToken`) as
// bearer. Field names follow the spec's §3 where it names them (Order (staff view), Support ticket,
// User profile, Transaction, Role response); the answers are zod schemas so the server's answers and
// the client's mocks are checked against them.

/** A userId the spec's client sends along; the server only checks that it is the caller's own. */
export const userId = entityId();
export const isoDate = z.iso.datetime();
export const orderStatus = z.enum(ORDER_STATUSES);
export const role = z.enum(ROLES);

/**
 * How a cancelled order ended, beside its status in every staff list (issue 29 finding 10): why it
 * was cancelled (null unless cancelled), and for an order ended by its refund (cancel_reason
 * `refunded`) the money given back and where it went (null otherwise). Named as in the customer's order.
 */
export const orderEnding = {
  cancel_reason: z.enum(ORDER_CANCEL_REASONS).nullable(),
  refund: z.object({ amount_cents: z.number().int(), to: z.enum(REFUND_DESTINATIONS) }).nullable(),
};

export const successSchema = z.object({ success: z.literal(true) });
export type SuccessDto = z.infer<typeof successSchema>;
