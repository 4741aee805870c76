import type { Knex } from 'knex';
import type { Currency, Role, UserType } from '../../../shared/constants';
import type { Language } from '../../../shared/i18n/languages';
import type { VatCheckStatus } from '../../../shared/tax/vat-treatment';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string | null;
  full_name: string;
  user_type: UserType;
  company_name: string | null;
  vat_number: string | null;
  address: string | null;
  phone: string | null;
  country: string;
  currency: Currency;
  language: Language;
  role: Role;
  is_online: boolean;
  admin_password_hash: string | null;
  wallet_cents: number;
  discord_id: string | null;
  avatar_url: string | null;
  email_verified_at: Date | null;
  /** Sessions issued before this instant are refused (set by a password reset). */
  sessions_valid_after: Date | null;
  /** The last VIES answer about vat_checked_number (modules/vat); null: never checked. */
  vat_check_status?: VatCheckStatus | null;
  vat_checked_at?: Date | null;
  vat_checked_number?: string | null;
  /** Automatic renewals are paid from the wallet first when it covers them (issue 21); on by default. */
  auto_renew_from_wallet?: boolean;
  vat_check_name?: string | null;
  /** Set when the owner deleted the account: the row stays, anonymised (modules/account). */
  deleted_at?: Date | null;
  /** Goes up when the credentials change hands (claim, password reset or change): older e-mail change links die. */
  credentials_version: number;
  /** An admin reset this staff member's second factor: they enrol again only through the mailed link. */
  second_factor_link_required: boolean;
  created_at: Date;
  updated_at: Date;
}

/** What a new account is created with; the database fills in the rest (role customer, wallet 0…). */
export type NewUser = Pick<
  UserRow,
  | 'email'
  | 'password_hash'
  | 'full_name'
  | 'user_type'
  | 'company_name'
  | 'vat_number'
  | 'address'
  | 'phone'
  | 'country'
  | 'currency'
  | 'language'
> &
  Partial<Pick<UserRow, 'discord_id' | 'avatar_url' | 'email_verified_at'>>;

export function findUserById(db: Knex, id: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

/** E-mails are unique case-insensitively (users_email_lower_unique). */
export function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').whereRaw('lower(email) = lower(?)', [email]).first();
}

export function findUserByDiscordId(db: Knex, discordId: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ discord_id: discordId }).first();
}

export async function insertUser(db: Knex, user: NewUser): Promise<UserRow> {
  const [row] = await db<UserRow>('users').insert(user).returning('*');
  return row as UserRow;
}

export function markEmailVerified(db: Knex, id: number, now: Date): Promise<number> {
  return db('users')
    .where({ id })
    .update({ email_verified_at: db.raw('coalesce(email_verified_at, ?)', [now]), updated_at: now });
}

/** A new password also ends every session opened with the old one, and the e-mail changes asked before it. */
export function setPasswordHash(db: Knex, id: number, passwordHash: string, now: Date): Promise<number> {
  return db('users')
    .where({ id })
    .update({
      password_hash: passwordHash,
      sessions_valid_after: now,
      credentials_version: db.raw('credentials_version + 1'),
      updated_at: now,
    });
}

export async function linkDiscordAccount(
  db: Knex,
  id: number,
  link: { discordId: string; avatarUrl: string | null; emailVerified: boolean; claim?: boolean },
  now: Date,
): Promise<UserRow> {
  const [row] = await db<UserRow>('users')
    .where({ id })
    .update({
      discord_id: link.discordId,
      avatar_url: db.raw('coalesce(avatar_url, ?)', [link.avatarUrl]),
      ...(link.emailVerified && { email_verified_at: db.raw('coalesce(email_verified_at, ?)', [now]) }),
      // Claimed: whoever set the password never proved the address; their password and sessions go.
      ...(link.claim && {
        password_hash: null,
        sessions_valid_after: now,
        credentials_version: db.raw('credentials_version + 1'),
      }),
      updated_at: now,
    })
    .returning('*');
  return row as UserRow;
}

/** Postgres' unique_violation on the case-insensitive e-mail index (two registrations racing). */
export function isEmailTakenError(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && e.constraint === 'users_email_lower_unique';
}

export function isDiscordTakenError(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && e.constraint === 'users_discord_id_unique';
}
