import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import QRCode from 'qrcode';
import type { TwoFactorStatus } from '../../../shared/schemas/two-factor';
import { isStaffRole } from '../../../shared/staff/permissions';
import { decryptSecret, encryptSecret } from '../../crypto/secret-box';
import { newOneTimeToken } from '../../security/one-time-token';
import { verifyPassword } from '../../security/passwords';
import { writeAudit } from '../audit/audit.repo';
import type { RequestContext } from '../../http/request-context';
import { recipient } from '../auth/auth.service';
import { revokeAllSessions } from '../auth/sessions.repo';
import { issueToken } from '../auth/tokens.repo';
import { findUserById, type UserRow } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import type { MailTemplate } from '../mail/mail.templates';
import { serverText } from '../../i18n/server-text';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { matchingStep, newTotpSecret, otpauthUri } from './totp';
import {
  AlreadyEnabled,
  EmailNotVerified,
  EnrolmentLinkRequired,
  InvalidAccountCode,
  NoPendingEnrolment,
  NotEnabled,
  NotOwnAccount,
  NotStaffMember,
  SecondFactorRequired,
  WrongPassword,
} from './two-factor.errors';
import {
  claimStep,
  countUnusedRecoveryCodes,
  deleteChallengesOf,
  deleteSecondFactor,
  findSecondFactor,
  markEnabled,
  replaceRecoveryCodes,
  requireEnrolmentLink,
  savePendingSecret,
  spendRecoveryCode,
  type SecondFactorRow,
} from './two-factor.repo';

export interface TwoFactorDeps {
  db: Knex;
  mailer: Mailer;
  encryptionKey: string;
  /** The codes' time steps and the link's expiry read it (the system clock in production, as the phone's app). */
  clock: Clock;
}

/** How long the enrolment link mailed after an admin's reset works (once). */
export const ENROLMENT_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** One code: six digits from the app, or a recovery code. */
export type SecondFactorCode = { code: string; recoveryCode?: undefined } | { code?: undefined; recoveryCode: string };

/**
 * The second factor of an account (issue 19): TOTP enrolment, recovery codes, turning it off, and
 * the check of a code, which every caller (login, account pages) goes through so a code is never
 * accepted twice.
 */
export function createTwoFactor({ db, mailer, encryptionKey, clock }: TwoFactorDeps) {
  const now = () => clock.now().getTime();
  const issuer = serverText('fr', 'brand.name');

  /** Whether the code is right and unused; a right one is spent (its step, or the recovery code). */
  async function spendCode(trx: Knex, factor: SecondFactorRow, given: SecondFactorCode): Promise<'totp' | 'recovery' | null> {
    if (given.recoveryCode !== undefined) {
      return (await spendRecoveryCode(trx, factor.user_id, hashRecoveryCode(given.recoveryCode), clock.now())) ? 'recovery' : null;
    }
    const step = matchingStep(decryptSecret(factor.totp_secret_encrypted, encryptionKey), given.code, now());
    if (step === null) return null;
    return (await claimStep(trx, factor.user_id, step, clock.now())) ? 'totp' : null;
  }

  async function mail(trx: Knex, user: UserRow, template: MailTemplate, action: string): Promise<number | null> {
    return mailer.queueNotice(trx, recipient(user), {
      template,
      path: 'settings/two-factor',
      dedupeKey: `${action}:${user.id}:${now()}`,
    });
  }

  async function freshRecoveryCodes(trx: Knex, userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode));
    return codes;
  }

  const sent = (id: number | null) => {
    if (id !== null) mailer.send([id]);
  };

  function checkMayEnrolWithSession(user: UserRow): void {
    if (user.email_verified_at === null) throw EmailNotVerified();
    if (user.second_factor_link_required) throw EnrolmentLinkRequired();
  }

  /** The secret saved as pending, its otpauth URI and QR code (drawn here, not by a third party). */
  async function newSecretFor(user: UserRow) {
    const secret = newTotpSecret();
    if (!(await savePendingSecret(db, user.id, encryptSecret(secret, encryptionKey), clock.now()))) throw AlreadyEnabled();
    const uri = otpauthUri(secret, issuer, user.email);
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUri: uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** In the caller's transaction: a right code turns the pending factor on; null when the code is wrong. */
  async function enableWithin(trx: Knex, user: UserRow, code: string, ctx: RequestContext) {
    const factor = await findSecondFactor(trx, user.id);
    if (!factor) throw NoPendingEnrolment();
    if (factor.enabled_at) throw AlreadyEnabled();
    if (!(await spendCode(trx, factor, { code }))) return null;
    await markEnabled(trx, user.id, clock.now());
    const codes = await freshRecoveryCodes(trx, user.id);
    await writeAudit(trx, { actorId: user.id, action: 'user.second_factor_enabled', entityType: 'user', entityId: user.id, ip: ctx.ip });
    return { codes, mailId: await mail(trx, user, 'secondFactorEnabled', '2fa-enabled') };
  }

  return {
    async status(user: UserRow): Promise<TwoFactorStatus> {
      const factor = await findSecondFactor(db, user.id);
      const enabled = !!factor?.enabled_at;
      return {
        enabled,
        enabledAt: factor?.enabled_at ? factor.enabled_at.toISOString() : null,
        recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, user.id) : 0,
        required: isStaffRole(user.role),
      };
    },

    /**
     * A new secret for the app (replacing an unconfirmed one). Not for an account whose address
     * was never proved (a squatter's factor would outlive the owner's claim), nor for staff whose
     * factor an admin reset: they enrol through the mailed link (staff-enrolment-link.ts).
     */
    async startEnrolment(user: UserRow) {
      checkMayEnrolWithSession(user);
      return newSecretFor(user);
    },

    /** The first right code turns it on; the ten recovery codes are answered once. */
    async confirm(user: UserRow, code: string, ctx: RequestContext): Promise<string[]> {
      checkMayEnrolWithSession(user);
      const result = await db.transaction((trx) => enableWithin(trx, user, code, ctx));
      if (!result) throw InvalidAccountCode();
      sent(result.mailId);
      return result.codes;
    },

    newSecretFor,
    enableWithin,
    /** Hands a mail written in a committed transaction to the transport. */
    sendMail: sent,

    async regenerateRecoveryCodes(user: UserRow, code: string, ctx: RequestContext): Promise<string[]> {
      const codes = await db.transaction(async (trx) => {
        const factor = await findSecondFactor(trx, user.id);
        if (!factor?.enabled_at) throw NotEnabled();
        if (!(await spendCode(trx, factor, { code }))) return null;
        const fresh = await freshRecoveryCodes(trx, user.id);
        await writeAudit(trx, {
          actorId: user.id,
          action: 'user.recovery_codes_regenerated',
          entityType: 'user',
          entityId: user.id,
          ip: ctx.ip,
        });
        return fresh;
      });
      if (!codes) throw InvalidAccountCode();
      return codes;
    },

    /** With the password and a code; staff keep theirs (the back-office needs it). */
    async disable(user: UserRow, password: string, given: SecondFactorCode, ctx: RequestContext): Promise<void> {
      if (isStaffRole(user.role)) throw SecondFactorRequired();
      if (!(await verifyPassword(user.password_hash, password))) throw WrongPassword();
      const mailId = await db.transaction(async (trx) => {
        const factor = await findSecondFactor(trx, user.id);
        if (!factor?.enabled_at) throw NotEnabled();
        if (!(await spendCode(trx, factor, given))) return undefined;
        await deleteSecondFactor(trx, user.id);
        await deleteChallengesOf(trx, user.id);
        await writeAudit(trx, {
          actorId: user.id,
          action: 'user.second_factor_disabled',
          entityType: 'user',
          entityId: user.id,
          ip: ctx.ip,
        });
        return mail(trx, user, 'secondFactorDisabled', '2fa-disabled');
      });
      if (mailId === undefined) throw InvalidAccountCode();
      sent(mailId);
    },

    /**
     * Checks a login code in the caller's transaction: which kind was spent, or null when wrong,
     * already used, or the factor is gone (reset meanwhile).
     */
    async spendLoginCode(trx: Knex, userId: number, given: SecondFactorCode): Promise<'totp' | 'recovery' | null> {
      const factor = await findSecondFactor(trx, userId);
      if (!factor?.enabled_at) return null;
      return spendCode(trx, factor, given);
    },

    /**
     * An admin removes a staff member's factor (lost phone): their sessions end, and they enrol
     * again only through a one-time link mailed to their address (24 h), so whoever knows only
     * their password cannot put their own factor in place. Asked again while the link is
     * unused, it mails a fresh one (the older stops working).
     */
    async adminReset(admin: UserRow, targetId: number, ctx: RequestContext): Promise<void> {
      if (targetId === admin.id) throw NotOwnAccount();
      const token = newOneTimeToken();
      const mailId = await db.transaction(async (trx) => {
        const target = await findUserById(trx, targetId);
        if (!target || !isStaffRole(target.role)) throw NotStaffMember();
        const factor = await findSecondFactor(trx, targetId);
        if (!factor?.enabled_at && !target.second_factor_link_required) throw NotEnabled();
        await deleteSecondFactor(trx, targetId);
        await deleteChallengesOf(trx, targetId);
        await revokeAllSessions(trx, targetId, clock.now());
        await requireEnrolmentLink(trx, targetId, clock.now());
        await issueToken(trx, {
          userId: targetId,
          purpose: 'staff_second_factor_enrolment',
          hash: token.hash,
          expiresAt: new Date(now() + ENROLMENT_LINK_TTL_MS),
        });
        await writeAudit(trx, {
          actorId: admin.id,
          action: 'staff.second_factor_reset',
          entityType: 'user',
          entityId: targetId,
          before: { secondFactor: !!factor?.enabled_at },
          after: { secondFactor: false, sessionsEnded: true, enrolmentLinkMailed: true },
          ip: ctx.ip,
        });
        return mailer.queueNotice(trx, recipient(target), {
          template: 'secondFactorReset',
          path: `staff-second-factor?token=${encodeURIComponent(token.value)}`,
          dedupeKey: `2fa-reset:${token.hash}`,
        });
      });
      sent(mailId);
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
