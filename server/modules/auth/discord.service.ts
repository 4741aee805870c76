import type { Knex } from 'knex';
import { z } from 'zod';
import { DEFAULT_COUNTRY } from '../../../shared/constants';
import type { Language } from '../../../shared/i18n/languages';
import { currencyForCountry } from '../../../shared/money/currency';
import { writeAudit } from '../audit/audit.repo';
import type { RequestContext } from './auth.service';
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
 * proving it (perhaps to wait for its owner), so its password is removed and its sessions end.
 */
export function createDiscordAccounts({ db }: { db: Knex }) {
  return {
    async signIn(profile: DiscordProfile, lng: Language, ctx: RequestContext): Promise<UserRow> {
      return db.transaction(async (trx) => {
        const known = await findUserByDiscordId(trx, profile.id);
        if (known) return known;
        if (!profile.email || !emailSchema.safeParse(profile.email).success) {
          throw new DiscordSignInRefused('the Discord account has no usable e-mail');
        }

        const existing = await findUserByEmail(trx, profile.email);
        if (existing) {
          if (!profile.emailVerified) throw new DiscordSignInRefused('unverified Discord e-mail of an existing account');
          if (existing.discord_id) throw new DiscordSignInRefused('the account is linked to another Discord account');
          const claim = existing.email_verified_at === null;
          const linked = await linkDiscordAccount(trx, existing.id, {
            discordId: profile.id,
            avatarUrl: profile.avatarUrl,
            emailVerified: true,
            claim,
          });
          if (claim) await revokeAllSessions(trx, existing.id);
          await writeAudit(trx, {
            actorId: linked.id,
            action: claim ? 'user.discord_claim' : 'user.discord_link',
            entityType: 'user',
            entityId: linked.id,
            before: { discordId: null, ...(claim && { emailVerified: false, hadPassword: existing.password_hash !== null }) },
            after: { discordId: profile.id, ...(claim && { emailVerified: true, passwordRemoved: true, sessionsEnded: true }) },
            ip: ctx.ip,
          });
          return linked;
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
          email_verified_at: profile.emailVerified ? new Date() : null,
        });
        await writeAudit(trx, {
          actorId: created.id,
          action: 'user.discord_create',
          entityType: 'user',
          entityId: created.id,
          after: { email: created.email, discordId: profile.id, emailVerified: profile.emailVerified },
          ip: ctx.ip,
        });
        return created;
      });
    },
  };
}

export type DiscordAccounts = ReturnType<typeof createDiscordAccounts>;
