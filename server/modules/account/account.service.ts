import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import { currencyForCountry } from '../../../shared/money/currency';
import type { ProfileDto, ProfileUpdate } from '../../../shared/schemas/account';
import type { VatStatusDto } from '../../../shared/schemas/vat';
import { hashOneTimeToken, newOneTimeToken } from '../../security/one-time-token';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { writeAudit } from '../audit/audit.repo';
import type { RequestContext } from '../../http/request-context';
import { recipient } from '../auth/auth.service';
import { revokeOtherSessions, sessionStartedAt } from '../auth/sessions.repo';
import { findUserByEmail, findUserById, isEmailTakenError, type UserRow } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import type { VatService } from '../vat/vat.service';
import {
  CurrencyChangeError,
  EmailNotVerifiedError,
  InvalidEmailChangeError,
  NewEmailTakenError,
  NoPasswordError,
  RecentLoginRequiredError,
  SameEmailError,
  WrongCurrentPasswordError,
} from './account.errors';
import { consumeEmailChange, insertEmailChange, pendingEmailOf, setEmail, updatePasswordHash, updateProfile } from './account.repo';
import { presentProfile } from './profile.presenter';

/** How long the link mailed to a new address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** The identity fields an audit row keeps (before/after): what changed, without secrets. */
const auditedIdentity = (u: UserRow) => ({
  fullName: u.full_name,
  userType: u.user_type,
  companyName: u.company_name,
  vatNumber: u.vat_number,
  address: u.address,
  phone: u.phone,
  country: u.country.trim(),
  language: u.language,
  avatarUrl: u.avatar_url,
});

/**
 * The customer's own account (issue 19): their profile, password and e-mail. Identity changes
 * apply from now on: issued invoices and credit notes keep their own copy of the buyer (they are
 * immutable), and open unpaid orders keep the totals and VAT they were placed with.
 */
/** How fresh a sign-in must be to stand in for the password of an account without one. */
export const RECENT_LOGIN_MINUTES = 10;

export function createAccountService({ db, mailer, vat, clock }: { db: Knex; mailer: Mailer; vat: VatService; clock: Clock }) {
  async function profileOf(user: UserRow): Promise<ProfileDto> {
    return presentProfile(user, await pendingEmailOf(db, user.id, clock.now()));
  }

  /**
   * The current password, when the account has one: wrong is 403 (the session stays valid). An
   * account without one (Discord only) must have signed in within RECENT_LOGIN_MINUTES instead, so a
   * stolen or forgotten session alone cannot change the e-mail or delete the account.
   */
  async function checkCurrentPassword(user: UserRow, password: string | undefined, required: boolean, sessionId?: string): Promise<void> {
    if (user.password_hash === null) {
      if (required) throw NoPasswordError();
      const startedAt = sessionId ? await sessionStartedAt(db, user.id, sessionId) : undefined;
      if (!startedAt || clock.now().getTime() - startedAt.getTime() > RECENT_LOGIN_MINUTES * 60_000) throw RecentLoginRequiredError();
      return;
    }
    if (!(await verifyPassword(user.password_hash, password ?? ''))) throw WrongCurrentPasswordError();
  }

  return {
    profileOf,
    checkCurrentPassword,

    /** Saves the identity, then asks VIES about a new number (outside the transaction: it may take seconds). */
    async updateProfile(user: UserRow, input: ProfileUpdate, ctx: RequestContext): Promise<{ profile: ProfileDto; vat: VatStatusDto }> {
      if (currencyForCountry(input.country) !== user.currency) throw CurrencyChangeError();
      const business = input.userType === 'business';
      const updated = await db.transaction(async (trx) => {
        const row = await updateProfile(
          trx,
          user.id,
          {
            full_name: input.fullName,
            user_type: input.userType,
            company_name: business ? input.companyName : null,
            vat_number: business ? input.vatNumber : null,
            address: input.address,
            phone: input.phone,
            country: input.country,
            language: input.language,
            ...(input.removeAvatar && { avatar_url: null }),
          },
          clock.now(),
        );
        await writeAudit(trx, {
          actorId: user.id,
          action: 'user.profile_update',
          entityType: 'user',
          entityId: user.id,
          before: auditedIdentity(user),
          after: auditedIdentity(row),
          ip: ctx.ip,
        });
        return row;
      });
      const { status } = await vat.forCustomer(updated);
      const fresh = (await findUserById(db, user.id)) ?? updated;
      return { profile: await profileOf(fresh), vat: status };
    },

    /** The current password checked; the new one set; every other session ends; the owner is told. */
    async changePassword(user: UserRow, input: { currentPassword: string; newPassword: string }, sessionId: string, ctx: RequestContext) {
      await checkCurrentPassword(user, input.currentPassword, true);
      const hash = await hashPassword(input.newPassword);
      const { ended, mailId } = await db.transaction(async (trx) => {
        const now = clock.now();
        await updatePasswordHash(trx, user.id, hash, now);
        const endedSessions = await revokeOtherSessions(trx, user.id, sessionId, now);
        await writeAudit(trx, {
          actorId: user.id,
          action: 'user.password_change',
          entityType: 'user',
          entityId: user.id,
          after: { endedSessions },
          ip: ctx.ip,
        });
        const id = await mailer.queueNotice(trx, recipient(user), {
          template: 'passwordChanged',
          path: 'settings',
          dedupeKey: `password-changed:${user.id}:${now.getTime()}`,
        });
        return { ended: endedSessions, mailId: id };
      });
      if (mailId !== null) mailer.send([mailId]);
      return ended;
    },

    /**
     * A link to the new address (nothing changes until it is opened) and a notice to the current
     * one; an address another account uses is 409. An account whose address was never proved may
     * not move (403): it may be a squatter's on someone else's address, waiting for its owner.
     */
    async requestEmailChange(
      user: UserRow,
      input: { newEmail: string; currentPassword?: string },
      ctx: RequestContext,
      sessionId?: string,
    ) {
      if (user.email_verified_at === null) throw EmailNotVerifiedError();
      if (input.newEmail === user.email.toLowerCase()) throw SameEmailError();
      await checkCurrentPassword(user, input.currentPassword, false, sessionId);
      if (await findUserByEmail(db, input.newEmail)) throw NewEmailTakenError();
      const token = newOneTimeToken();
      const stamp = clock.now().getTime();
      const mailIds = await db.transaction(async (trx) => {
        await insertEmailChange(trx, {
          userId: user.id,
          newEmail: input.newEmail,
          hash: token.hash,
          expiresAt: new Date(stamp + EMAIL_CHANGE_TTL_MS),
          credentialsVersion: user.credentials_version,
        });
        await writeAudit(trx, {
          actorId: user.id,
          action: 'user.email_change_request',
          entityType: 'user',
          entityId: user.id,
          before: { email: user.email },
          after: { pendingEmail: input.newEmail },
          ip: ctx.ip,
        });
        const toNew = await mailer.queueNotice(
          trx,
          { ...recipient(user), email: input.newEmail },
          {
            template: 'emailChangeConfirm',
            path: `confirm-email?token=${encodeURIComponent(token.value)}`,
            vars: { newEmail: input.newEmail },
            dedupeKey: `email-change-confirm:${token.hash}`,
          },
        );
        const toOld = await mailer.queueNotice(trx, recipient(user), {
          template: 'emailChangeNotice',
          path: 'settings',
          vars: { newEmail: input.newEmail },
          dedupeKey: `email-change-notice:${token.hash}`,
        });
        return [toNew, toOld].filter((id): id is number => id !== null);
      });
      mailer.send(mailIds);
      return { pendingEmail: input.newEmail };
    },

    /**
     * Opens the link: the address becomes the new one (409 when another account took it meanwhile).
     * A link asked before the credentials changed hands (a claim, a password reset or change) is
     * dead: whoever asked it may not be the one holding the account now.
     */
    async confirmEmailChange(tokenValue: string, ctx: RequestContext): Promise<string> {
      return db
        .transaction(async (trx) => {
          const now = clock.now();
          const change = await consumeEmailChange(trx, hashOneTimeToken(tokenValue), now);
          if (!change) throw InvalidEmailChangeError();
          const user = await findUserById(trx, change.user_id);
          if (!user || user.deleted_at) throw InvalidEmailChangeError();
          if (user.credentials_version !== change.credentials_version) throw InvalidEmailChangeError();
          if (await findUserByEmail(trx, change.new_email)) throw NewEmailTakenError();
          await setEmail(trx, user.id, change.new_email, now);
          await writeAudit(trx, {
            actorId: user.id,
            action: 'user.email_change',
            entityType: 'user',
            entityId: user.id,
            before: { email: user.email },
            after: { email: change.new_email },
            ip: ctx.ip,
          });
          return change.new_email;
        })
        .catch((err: unknown) => {
          throw isEmailTakenError(err) ? NewEmailTakenError() : err;
        });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
