import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import { z } from 'zod';
import { DEFAULT_COUNTRY } from '../../../shared/constants';
import type { Language } from '../../../shared/i18n/languages';
import { currencyForCountry } from '../../../shared/money/currency';
import { writeAudit } from '../audit/audit.repo';
import type { Mailer } from '../mail/mail.service';
import type { RequestContext } from '../../http/request-context';
import { recipient } from './auth.service';
import { wipeClaimedCredentials } from './claim.repo';
import type { DiscordProfile } from './discord';
import { revokeAllSessions } from './sessions.repo';
import { findUserByDiscordId, findUserByEmail, insertUser, linkDiscordAccount, type UserRow } from './users.repo';

export class DiscordSignInRefused extends Error {
  override name = 'DiscordSignInRefused';
}

const emailSchema = z.email();

/**
 * The account of a Discord login: found by its Discord id, else linked by e-mail, else created.
 * Linking an existing account needs an e-mail Discord has verified: otherwise anyone could put
 * someone else's address on a Discord account and walk into theirs. An existing account whose
 * e-mail was never verified is claimed instead of linked: someone registered the address without
 * proving it (perhaps to wait for its owner), so every credential they could have set goes: the
 * password, sessions, second factor and recovery codes, pending e-mail changes, login codes and
 * mailed tokens; the owner is told by mail (issue 29).
 */
export function createDiscordAccounts({ db, mailer, clock }: { db: Knex; mailer: Mailer; clock: Clock }) {
  return {
    async signIn(profile: DiscordProfile, lng: Language, ctx: RequestContext): Promise<UserRow> {
      const now = clock.now();
      const { user, mailId } = await db.transaction(async (trx): Promise<{ user: UserRow; mailId: number | null }> => {
        const known = await findUserByDiscordId(trx, profile.id);
        if (known) return { user: known, mailId: null };
        if (!profile.email || !emailSchema.safeParse(profile.email).success) {
          throw new DiscordSignInRefused('the Discord account has no usable e-mail');
        }

        const existing = await findUserByEmail(trx, profile.email);
        if (existing) {
          if (!profile.emailVerified) throw new DiscordSignInRefused('unverified Discord e-mail of an existing account');
          if (existing.discord_id) throw new DiscordSignInRefused('the account is linked to another Discord account');
          const claim = existing.email_verified_at === null;
          const linked = await linkDiscordAccount(
            trx,
            existing.id,
            {
              discordId: profile.id,
              avatarUrl: profile.avatarUrl,
              emailVerified: true,
              claim,
            },
            now,
          );
          const wiped = claim ? await wipeClaimedCredentials(trx, existing.id) : null;
          if (claim) await revokeAllSessions(trx, existing.id, now);
          await writeAudit(trx, {
            actorId: linked.id,
            action: claim ? 'user.discord_claim' : 'user.discord_link',
            entityType: 'user',
            entityId: linked.id,
            before: { discordId: null, ...(claim && { emailVerified: false, hadPassword: existing.password_hash !== null }) },
            after: {
              discordId: profile.id,
              ...(wiped && { emailVerified: true, passwordRemoved: true, sessionsEnded: true, wiped }),
            },
            ip: ctx.ip,
          });
          // The owner learns what was found on their address and removed.
          const notice = claim
            ? await mailer.queueNotice(
                trx,
                { ...recipient(linked), language: lng },
                {
                  template: 'accountClaimed',
                  path: 'settings',
                  dedupeKey: `account-claimed:${linked.id}:${linked.credentials_version}`,
                },
              )
            : null;
          return { user: linked, mailId: notice };
        }

        const created = await insertUser(trx, {
          email: profile.email,
          password_hash: null,
          full_name: profile.displayName,
          user_type: 'particulier',
          company_name: null,
          vat_number: null,
          address: null,
          phone: null,
          country: DEFAULT_COUNTRY,
          currency: currencyForCountry(DEFAULT_COUNTRY),
          language: lng,
          discord_id: profile.id,
          avatar_url: profile.avatarUrl,
          email_verified_at: profile.emailVerified ? now : null,
        });
        await writeAudit(trx, {
          actorId: created.id,
          action: 'user.discord_create',
          entityType: 'user',
          entityId: created.id,
          after: { email: created.email, discordId: profile.id, emailVerified: profile.emailVerified },
          ip: ctx.ip,
        });
        return { user: created, mailId: null };
      });
      if (mailId !== null) mailer.send([mailId]);
      return user;
    },
  };
}

export type DiscordAccounts = ReturnType<typeof createDiscordAccounts>;
