import { z } from 'zod';
import { role, userId } from './common';

// The way into the back-office (spec §7 "Staff"): the admin password check and the caller's role.

/** POST /api/admin/verify-admin-password (session bearer) -> {success, message, adminToken}. */
export const verifyAdminPasswordSchema = z.object({
  userId: userId.optional(),
  admin_password: z.string().min(1).max(200),
});
export type VerifyAdminPasswordInput = z.infer<typeof verifyAdminPasswordSchema>;

export const verifyAdminPasswordAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  adminToken: z.string().optional(),
});
export type VerifyAdminPasswordDto = z.infer<typeof verifyAdminPasswordAnswerSchema>;

/** GET /api/admin/getrole?userId -> the role read from the database now (spec §3 "Role response"). */
export const staffRoleSchema = z.object({ role, is_online: z.boolean() });
export type StaffRoleDto = z.infer<typeof staffRoleSchema>;

/** GET /api/admin/getrole query. */
export const staffRoleQuerySchema = z.object({ userId: userId.optional() });
