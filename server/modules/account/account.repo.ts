import type { Knex } from 'knex';
import type { DeletionBlocker } from '../../../shared/schemas/account';
import type { UserRow } from '../auth/users.repo';

// SQL of the customer's own account (issue 19): the profile, e-mail changes, deletion.

/** The identity columns the profile page may change; the caller has validated them. */
export type ProfileColumns = Pick<
  UserRow,
  'full_name' | 'user_type' | 'company_name' | 'vat_number' | 'address' | 'phone' | 'country' | 'language'
> & { avatar_url?: null };

export async function updateProfile(db: Knex, userId: number, columns: ProfileColumns, now: Date): Promise<UserRow> {
  const [row] = await db<UserRow>('users')
    .where({ id: userId })
    .update({ ...columns, updated_at: now })
    .returning('*');
  return row as UserRow;
}

/**
 * A new password; unlike a reset it keeps the current session (the others are revoked by the
 * caller). The credentials changed: e-mail changes asked before it no longer work.
 */
export async function updatePasswordHash(db: Knex, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db('users')
    .where({ id: userId })
    .update({ password_hash: passwordHash, credentials_version: db.raw('credentials_version + 1'), updated_at: now });
}

export interface EmailChangeRow {
  id: number;
  user_id: number;
  new_email: string;
  expires_at: Date;
  /** The user's credentials_version when it was asked: a link is dead once they differ. */
  credentials_version: number;
}

/** A pending change; the user's older unused ones stop working. */
export async function insertEmailChange(
  db: Knex,
  change: { userId: number; newEmail: string; hash: string; expiresAt: Date; credentialsVersion: number },
): Promise<void> {
  await db('email_changes').where({ user_id: change.userId }).whereNull('used_at').delete();
  await db('email_changes').insert({
    user_id: change.userId,
    new_email: change.newEmail,
    token_hash: change.hash,
    expires_at: change.expiresAt,
    credentials_version: change.credentialsVersion,
  });
}

/** The address waiting for its link, if one is still usable. */
export async function pendingEmailOf(db: Knex, userId: number, now: Date): Promise<string | null> {
  const row = await db('email_changes')
    .where({ user_id: userId })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .first('new_email');
  return (row as { new_email: string } | undefined)?.new_email ?? null;
}

/** Marks a usable link used in one statement (two clicks racing: one wins); the change, or undefined. */
export async function consumeEmailChange(db: Knex, hash: string, now: Date): Promise<EmailChangeRow | undefined> {
  const [row] = await db('email_changes')
    .where({ token_hash: hash })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .update({ used_at: now })
    .returning(['id', 'user_id', 'new_email', 'expires_at', 'credentials_version']);
  return row as EmailChangeRow | undefined;
}

/** The confirmed address; it was proved by the link, so it counts as verified. */
export async function setEmail(db: Knex, userId: number, newEmail: string, now: Date): Promise<void> {
  await db('users').where({ id: userId }).update({ email: newEmail, email_verified_at: now, updated_at: now });
}

/** What keeps an account from being deleted now (the user row locked by the caller). */
export async function deletionBlockers(db: Knex, user: Pick<UserRow, 'id' | 'role' | 'wallet_cents'>): Promise<DeletionBlocker[]> {
  const blockers: DeletionBlocker[] = [];
  if (user.role !== 'customer') blockers.push('staff_account');
  const server = await db('vps')
    .join('orders', 'orders.id', 'vps.order_id')
    .where('orders.user_id', user.id)
    .whereIn('vps.state', ['provisioning', 'assigned', 'suspended'])
    .first('vps.id');
  if (server) blockers.push('active_server');
  const order = await db('orders').where({ user_id: user.id }).whereIn('status', ['unpaid', 'pending', 'in_progress']).first('id');
  if (order) blockers.push('open_order');
  const invoice = await db('billing_documents').where({ user_id: user.id, kind: 'invoice' }).where('payable_cents', '>', 0).first('id');
  if (invoice) blockers.push('unpaid_invoice');
  if (user.wallet_cents > 0) blockers.push('wallet_balance');
  return blockers;
}

export function lockUser(trx: Knex, userId: number): Promise<UserRow | undefined> {
  return trx<UserRow>('users').where({ id: userId }).forUpdate().first();
}

/**
 * The account's personal data erased: the row stays (orders, invoices and credit notes point to
 * it and are kept as the law requires; they carry their own copy of the buyer), but its name,
 * address, phone, e-mail, company, passwords and Discord link go; the sessions, tokens, rating,
 * second factor (secret, recovery codes, login challenges), SSH keys and pending e-mail changes are deleted, the tickets' texts kept without the author's identity.
 */
export async function anonymiseUser(trx: Knex, userId: number, now: Date): Promise<void> {
  await trx('users')
    .where({ id: userId })
    .update({
      email: `deleted-${userId}@deleted.invalid`,
      full_name: '—',
      user_type: 'particulier',
      company_name: null,
      vat_number: null,
      address: null,
      phone: null,
      password_hash: null,
      admin_password_hash: null,
      discord_id: null,
      avatar_url: null,
      email_verified_at: null,
      vat_check_status: null,
      vat_checked_at: null,
      vat_checked_number: null,
      vat_check_name: null,
      is_online: false,
      updated_at: now,
    });
  // Apart, so no statement of the deletion binds more than a few values.
  await trx('users').where({ id: userId }).update({ sessions_valid_after: now, deleted_at: now });
  await trx('sessions').where({ user_id: userId }).delete();
  await trx('login_codes').where({ user_id: userId }).delete();
  await trx('one_time_tokens').where({ user_id: userId }).delete();
  await trx('email_changes').where({ user_id: userId }).delete();
  for (const table of ['user_second_factors', 'user_recovery_codes', 'second_factor_challenges', 'second_factor_failures']) {
    await trx(table).where({ user_id: userId }).delete();
  }
  await trx('ratings').where({ user_id: userId }).delete();
  await trx('ssh_keys').where({ user_id: userId }).delete();
  await trx('support_tickets')
    .where({ user_id: userId })
    .update({ name: '—', email: `deleted-${userId}@deleted.invalid` });
}
