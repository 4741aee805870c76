import { z } from 'zod';
import { isoDate, role } from './common';

// The back-office profile page (spec §2 "Profile page", §3 "User profile", "Transaction").

/**
 * GET /api/admin/user/{id} -> the profile: spec §3 "User profile" (fullName, walletCents, email,
 * avatarUrl, id), with the role and duty the back-office shows.
 */
export const staffProfileSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  walletCents: z.number().int(),
  role,
  is_online: z.boolean(),
});
export type StaffProfileDto = z.infer<typeof staffProfileSchema>;

/** One wallet movement: spec §3 "Transaction" (the profile's table: ID, Type, Montant, Date, Description). */
export const transactionSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  amountCents: z.number().int(),
  date: isoDate,
  description: z.string(),
});
export type TransactionDto = z.infer<typeof transactionSchema>;

/** GET /api/admin/user/{id}/transactions -> {transactions}, newest first. */
export const transactionsSchema = z.object({ transactions: z.array(transactionSchema) });
export type TransactionsDto = z.infer<typeof transactionsSchema>;
