import { z } from 'zod';
import { ORDER_STATUSES, ROLES } from '../../constants';
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

export const successSchema = z.object({ success: z.literal(true) });
export type SuccessDto = z.infer<typeof successSchema>;
