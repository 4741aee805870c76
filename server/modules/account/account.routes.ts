import { Router, type RequestHandler } from 'express';
import { accountApi } from '../../../shared/contract/account';
import { currentSessionId, currentUser } from '../../http/require-user';
import { route, SENT } from '../../http/route';
import { sendFile } from '../../http/send-file';
import type { AccountDeletion } from './account-deletion.service';
import type { AccountService } from './account.service';
import type { buildDataExport } from './data-export';

/** /api/account/*: the customer's own profile, password, e-mail and data (issue 19). */
export function accountRoutes(deps: {
  account: AccountService;
  deletion: AccountDeletion;
  /** The customer's data as a zip, dated now (the module entry binds the database and the clock). */
  dataExport: (userId: number) => ReturnType<typeof buildDataExport>;
  requireUser: RequestHandler;
  /** Counts the calls that check the current password. */
  passwordLimit: RequestHandler;
  /** Counts the e-mail change links mailed to one recipient. */
  emailChangeLimit: RequestHandler;
}): Router {
  const { account, deletion, requireUser, passwordLimit, emailChangeLimit } = deps;
  const router = Router();
  const ctxOf = (req: { ip?: string; get(name: string): string | undefined }) => ({
    ip: req.ip ?? null,
    userAgent: req.get('user-agent') ?? null,
  });

  route(router, accountApi.profile, requireUser, async ({ req, res }) => {
    res.set('Cache-Control', 'private, no-store');
    return { profile: await account.profileOf(currentUser(req)) };
  });

  route(router, accountApi.updateProfile, requireUser, async ({ req, body }) => account.updateProfile(currentUser(req), body, ctxOf(req)));

  route(router, accountApi.changePassword, requireUser, passwordLimit, async ({ req, body }) => ({
    success: true as const,
    endedSessions: await account.changePassword(currentUser(req), body, currentSessionId(req), ctxOf(req)),
  }));

  route(router, accountApi.changeEmail, requireUser, passwordLimit, emailChangeLimit, async ({ req, body }) => ({
    success: true as const,
    ...(await account.requestEmailChange(currentUser(req), body, ctxOf(req), req.authSessionId)),
  }));

  route(router, accountApi.confirmEmail, async ({ req, body }) => ({
    success: true as const,
    email: await account.confirmEmailChange(body.token, ctxOf(req)),
  }));

  route(router, accountApi.exportData, requireUser, async ({ req, res }): Promise<typeof SENT> => {
    const file = await deps.dataExport(currentUser(req).id);
    sendFile(res, { fileName: file.fileName, contentType: 'application/zip', body: file.body });
    return SENT;
  });

  route(router, accountApi.deletionCheck, requireUser, async ({ req, res }) => {
    const user = currentUser(req);
    const { blockers } = await deletion.check(user);
    res.set('Cache-Control', 'private, no-store');
    return { allowed: blockers.length === 0, blockers, walletCents: user.wallet_cents, currency: user.currency };
  });

  route(router, accountApi.deleteAccount, requireUser, passwordLimit, async ({ req, body }) => {
    const user = currentUser(req);
    await account.checkCurrentPassword(user, body.currentPassword, false, req.authSessionId);
    await deletion.delete(user, ctxOf(req));
    return { success: true as const };
  });

  return router;
}
