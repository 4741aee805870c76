import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import { currencyForCountry } from '../../../shared/money/currency';
import type { LoginInput } from '../../../shared/schemas/auth';
import type { RegisterPayload } from '../../../shared/schemas/register';
import { ForbiddenError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import { newOneTimeToken, hashOneTimeToken } from '../../security/one-time-token';
import { hashPassword, verifyPassword, type PasswordLane } from '../../security/passwords';
import { writeAudit } from '../audit/audit.repo';
import type { Mailer } from '../mail/mail.service';
import { EmailTakenError, InvalidCredentialsError, InvalidTokenError } from './auth.errors';
import type { Sessions } from './sessions.service';
import { consumeToken, issueToken } from './tokens.repo';
import { findUserByEmail, insertUser, isEmailTakenError, markEmailVerified, type UserRow } from './users.repo';

export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;

export interface AuthDeps {
  db: Knex;
  mailer: Mailer;
  sessions: Sessions;
  /** Token expiry and verification times read it. */
  clock: Clock;
  /** With a second factor on, a correct password gives its challenge instead of the session. */
  secondFactor?: SecondFactorGate;
}

/** What login asks of the second factor (modules/two-factor): a challenge token, or null when it is off. */
export interface SecondFactorGate {
  challengeFor(userId: number): Promise<string | null>;
}

/** A correct password when the second factor is on: not a session yet. */
export interface SecondFactorStep {
  secondFactorRequired: true;
  challenge: string;
}

export interface Session {
  user: UserRow;
  token: string;
}

export function createAuthService({ db, mailer, sessions, clock, secondFactor }: AuthDeps) {
  const session = async (user: UserRow, ctx: RequestContext): Promise<Session> => ({ user, token: await sessions.open(user.id, ctx) });

  /** A fresh verification token and its mail, inside the caller's transaction; the outbox id. */
  async function queueVerification(trx: Knex, user: UserRow): Promise<number> {
    const token = newOneTimeToken();
    await issueToken(trx, {
      userId: user.id,
      purpose: 'verify_email',
      hash: token.hash,
      expiresAt: new Date(clock.now().getTime() + VERIFY_EMAIL_TTL_MS),
    });
    return mailer.queueVerification(trx, recipient(user), token.value);
  }

  return {
    session,

    /** A customer account (argon2id, currency from the country), its verification mail, a session. */
    async register(input: RegisterPayload, ctx: RequestContext): Promise<Session> {
      const passwordHash = await hashPassword(input.password);
      const business = input.userType === 'business';
      const created = await db
        .transaction(async (trx) => {
          if (await findUserByEmail(trx, input.email)) throw EmailTakenError();
          const user = await insertUser(trx, {
            email: input.email,
            password_hash: passwordHash,
            full_name: input.fullName,
            user_type: input.userType,
            company_name: business ? input.companyName : null,
            vat_number: business ? input.vatNumber : null,
            address: input.address,
            phone: input.phone,
            country: input.country,
            currency: currencyForCountry(input.country),
            language: input.language,
          });
          await writeAudit(trx, {
            actorId: user.id,
            action: 'user.register',
            entityType: 'user',
            entityId: user.id,
            after: { email: user.email, userType: user.user_type, country: user.country, currency: user.currency },
            ip: ctx.ip,
          });
          return { user, mailId: await queueVerification(trx, user) };
        })
        .catch((err: unknown) => {
          throw isEmailTakenError(err) ? EmailTakenError() : err;
        });
      mailer.send([created.mailId]);
      return session(created.user, ctx);
    },

    /**
     * Same answer for an unknown e-mail, a wrong password and an account without a password (the
     * first two cost no argon2, only the wait of one). `lane`: a returning device has its own.
     */
    async login(input: LoginInput, ctx: RequestContext, lane: PasswordLane = 'anybody'): Promise<Session | SecondFactorStep> {
      const user = await findUserByEmail(db, input.email);
      const ok = await verifyPassword(user?.password_hash, input.password, lane);
      if (!user || !ok) throw InvalidCredentialsError();
      const challenge = await secondFactor?.challengeFor(user.id);
      if (challenge) return { secondFactorRequired: true, challenge };
      return session(user, ctx);
    },

    async verifyEmail(token: string, ctx: RequestContext): Promise<void> {
      await db.transaction(async (trx) => {
        const now = clock.now();
        const userId = await consumeToken(trx, 'verify_email', hashOneTimeToken(token), now);
        if (userId === null) throw InvalidTokenError();
        await markEmailVerified(trx, userId, now);
        await writeAudit(trx, {
          actorId: userId,
          action: 'user.verify_email',
          entityType: 'user',
          entityId: userId,
          ip: ctx.ip,
        });
      });
    },

    /** Only about the caller's own account: asking about another e-mail is 403 (no probing). */
    isVerified(user: UserRow, email: string): boolean {
      if (user.email.toLowerCase() !== email.toLowerCase()) {
        throw ForbiddenError('forbidden', 'You can only check your own e-mail address');
      }
      return user.email_verified_at !== null;
    },

    async resendVerification(user: UserRow): Promise<{ alreadyVerified: boolean }> {
      if (user.email_verified_at) return { alreadyVerified: true };
      const mailId = await db.transaction((trx) => queueVerification(trx, user));
      mailer.send([mailId]);
      return { alreadyVerified: false };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

export function recipient(user: UserRow) {
  return { email: user.email, fullName: user.full_name, language: user.language };
}
