import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import type { DeletionBlocker } from '../../../shared/schemas/account';
import { writeAudit } from '../audit/audit.repo';
import type { RequestContext } from '../../http/request-context';
import { recipient } from '../auth/auth.service';
import type { UserRow } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import { deleteDetachedMethods } from '../saved-methods/saved-methods.repo';
import type { SavedMethods } from '../saved-methods/saved-methods.service';
import { DeletionBlockedError, PaymentMethodsChangedError } from './account.errors';
import { anonymiseUser, deletionBlockers, lockUser } from './account.repo';

/**
 * Deleting one's account (GDPR art. 17): allowed only when nothing runs or is due (no server
 * running or suspended, no open order, no unpaid invoice, an empty wallet: a positive balance is
 * refunded through support first, it is never lost silently). Personal data is then erased or
 * anonymised; orders, invoices and credit notes stay (Belgian accounting law: 7 years), the
 * documents keep the buyer as issued. The owner is mailed at their address before it goes. Saved
 * payment methods are detached at their provider first (no network call inside the transaction);
 * one that cannot be refuses the deletion, see SavedMethods.detachAll.
 */
export function createAccountDeletion({ db, mailer, methods, clock }: { db: Knex; mailer: Mailer; methods: SavedMethods; clock: Clock }) {
  return {
    async check(user: UserRow): Promise<{ blockers: DeletionBlocker[] }> {
      return { blockers: await deletionBlockers(db, user) };
    },

    async delete(user: UserRow, ctx: RequestContext): Promise<void> {
      // Checked before the providers are called: a refused deletion leaves the saved methods be.
      const early = await deletionBlockers(db, user);
      if (early.length) throw DeletionBlockedError(early);
      const detached = await methods.detachAll(user);
      const mailId = await db.transaction(async (trx) => {
        const locked = await lockUser(trx, user.id);
        if (!locked || locked.deleted_at) throw DeletionBlockedError([]);
        const blockers = await deletionBlockers(trx, locked);
        if (blockers.length) throw DeletionBlockedError(blockers);
        // Written first: the address is gone once the row is anonymised.
        const id = await mailer.queueNotice(trx, recipient(locked), {
          template: 'accountDeleted',
          path: '',
          dedupeKey: `account-deleted:${locked.id}`,
        });
        // Saved in another tab since: not detached, so nothing is erased (asked again, it is).
        if (!(await deleteDetachedMethods(trx, locked.id, detached))) throw PaymentMethodsChangedError();
        await anonymiseUser(trx, locked.id, clock.now());
        await writeAudit(trx, {
          actorId: locked.id,
          action: 'user.delete',
          entityType: 'user',
          entityId: locked.id,
          // Who the row was is not kept here either: only what kind of account it was.
          after: {
            deleted: true,
            userType: locked.user_type,
            country: locked.country.trim(),
            paymentMethodsDetached: detached.length,
          },
          ip: ctx.ip,
        });
        return id;
      });
      if (mailId !== null) mailer.send([mailId]);
    },
  };
}

export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
