import { z } from 'zod';
import { idParam } from '../ids';

// A support agent's duty switch (spec §2 "Staff dashboard").

/** POST /api/admin/support/{userId}/status. */
export const supportStatusSchema = z.object({ isOnline: z.boolean() });

/** /api/admin/support/{userId}/…: the agent's own id. */
export const agentIdParams = z.object({ userId: idParam });
