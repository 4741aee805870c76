import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import { staffOrdersQuerySchema, verifyAdminPasswordSchema, type StaffRoleDto, type VerifyAdminPasswordDto } from '../../../shared/schemas/staff';
import { isStaffRole } from '../../../shared/staff/permissions';
import { HttpError } from '../../http/errors';
import { assertOwnUserId, currentUser } from '../../http/require-user';
import type { StaffGuards } from '../../http/require-staff';
import { validate } from '../../http/validate';
import { signStaffToken } from '../../security/jwt';
import { verifyPassword } from '../../security/passwords';
import { writeAudit } from '../audit/audit.repo';

const WrongAdminPassword = () => new HttpError(401, 'wrong_admin_password', 'Mot de passe incorrect');

interface Deps {
  db: Knex;
  jwtSecret: string;
  requireUser: RequestHandler;
  guards: StaffGuards;
  passwordLimit: RequestHandler;
}

/**
 * The way into the back-office: the admin password (per staff member, separate from the login
 * one) gives the staff token; getrole reads the role from the database now.
 */
export function staffAuthRoutes({ db, jwtSecret, requireUser, guards, passwordLimit }: Deps): Router {
  const router = Router();

  router.post('/admin/verify-admin-password', requireUser, passwordLimit, async (req, res) => {
    const user = currentUser(req);
    const body = validate(verifyAdminPasswordSchema, req.body);
    assertOwnUserId(user, body.userId);
    // A customer, or staff without an admin password, fails exactly like a wrong password.
    const ok = isStaffRole(user.role) && (await verifyPassword(user.admin_password_hash, body.admin_password));
    if (!ok) throw WrongAdminPassword();
    await writeAudit(db, { actorId: user.id, action: 'staff.verified', entityType: 'user', entityId: user.id, ip: req.ip });
    res.json({ success: true, message: 'OK', adminToken: signStaffToken(user.id, jwtSecret) } satisfies VerifyAdminPasswordDto);
  });

  router.get('/admin/getrole', guards.staff, (req, res) => {
    const user = currentUser(req);
    assertOwnUserId(user, validate(staffOrdersQuerySchema.pick({ userId: true }), req.query).userId);
    res.set('Cache-Control', 'no-store');
    res.json({ role: user.role, is_online: user.is_online } satisfies StaffRoleDto);
  });

  return router;
}
