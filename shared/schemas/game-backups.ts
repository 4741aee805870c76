import { z } from 'zod';
import { idParam } from './ids';

// A game server's backups in the customer panel (issue 33): `/api/services/{id}/backups`. The id
// of a backup is the panel's uuid; the size is in bytes; `limit` is how many the offer allows (the
// panel's `feature_limits.backups`), so the page says "2 of 3".

export const gameBackupParams = z.object({ id: idParam, backupId: z.uuid() });

export const gameBackupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** creating while the node works, then completed or failed. */
  status: z.enum(['creating', 'completed', 'failed']),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  /** Bytes; 0 until completed. */
  size: z.number().int().nonnegative(),
});
export type GameBackupDto = z.infer<typeof gameBackupSchema>;

export const gameBackupsSchema = z.object({
  backups: z.array(gameBackupSchema),
  /** How many backups (not failed) the offer allows. */
  limit: z.number().int().nonnegative(),
  /** A restore runs: the server's files are being replaced. */
  restoring: z.boolean(),
  /** The automatic daily backup set at delivery (the panel's time, UTC), when the offer has one. */
  dailySchedule: z.object({ hour: z.number().int(), minute: z.number().int() }).nullable(),
});
export type GameBackupsDto = z.infer<typeof gameBackupsSchema>;

export const gameBackupCreateSchema = z.object({
  /** Optional: the panel names it by its date otherwise. */
  name: z.string().trim().max(191, 'panel.backups.errorName').optional(),
});
export type GameBackupCreateInput = z.input<typeof gameBackupCreateSchema>;

export const gameBackupAnswerSchema = z.object({ backup: gameBackupSchema });
