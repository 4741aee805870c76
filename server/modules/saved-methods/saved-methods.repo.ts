import type { Knex } from 'knex';

export interface SavedMethodRow {
  id: number;
  user_id: number;
  provider: 'stripe' | 'mollie' | 'sandbox';
  kind: 'card' | 'directdebit';
  provider_customer_id: string | null;
  provider_method_id: string;
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  bank_account: string | null;
  sandbox_outcome: 'succeeds' | 'declined' | 'needs_authentication' | null;
  is_default: boolean;
  created_at: Date;
}

export interface SetupRow {
  id: string;
  user_id: number;
  provider: 'stripe' | 'mollie';
  provider_ref: string | null;
  provider_customer_id: string;
  status: 'open' | 'saved' | 'failed';
  payment_method_id: number | null;
}

const asMethod = (row: SavedMethodRow): SavedMethodRow => ({ ...row, id: Number(row.id), user_id: Number(row.user_id) });

/** How many saved methods a list shows (the panel's, staff's): the default always, then the newest. */
export const SAVED_METHODS_LISTED = 50;

const defaultThenNewest = [
  { column: 'is_default', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;

/**
 * The customer's methods as a list shows them: the default first, then newest first, at most
 * `limit` (a customer may save any number; the list stays bounded, like the sessions list).
 */
export async function listSavedMethods(db: Knex, userId: number, limit = SAVED_METHODS_LISTED): Promise<SavedMethodRow[]> {
  const rows = (await db('payment_methods')
    .where({ user_id: userId })
    .orderBy([...defaultThenNewest])
    .limit(limit)) as SavedMethodRow[];
  return rows.map(asMethod);
}

/** Every method of the customer (account deletion detaches each at its provider), the default first. */
export async function everySavedMethod(db: Knex, userId: number): Promise<SavedMethodRow[]> {
  const rows = (await db('payment_methods')
    .where({ user_id: userId })
    .orderBy([...defaultThenNewest])) as SavedMethodRow[];
  return rows.map(asMethod);
}

export async function findSavedMethod(db: Knex, userId: number, id: number): Promise<SavedMethodRow | undefined> {
  const row = (await db('payment_methods').where({ id, user_id: userId }).first()) as SavedMethodRow | undefined;
  return row && asMethod(row);
}

export async function defaultSavedMethod(db: Knex, userId: number): Promise<SavedMethodRow | undefined> {
  const row = (await db('payment_methods').where({ user_id: userId, is_default: true }).first()) as SavedMethodRow | undefined;
  return row && asMethod(row);
}

export type NewSavedMethod = Omit<SavedMethodRow, 'id' | 'is_default' | 'created_at'>;

/**
 * Stores a method; the customer's first becomes the default. The same provider method saved twice
 * (a return page reloaded, a webhook and the return at once) is one row.
 */
export async function insertSavedMethod(trx: Knex, method: NewSavedMethod, at: Date): Promise<SavedMethodRow> {
  await trx('users').where({ id: method.user_id }).forUpdate().first('id'); // one default, whoever saves at once
  const hasDefault = await trx('payment_methods').where({ user_id: method.user_id, is_default: true }).first('id');
  const [row] = (await trx('payment_methods')
    .insert({ ...method, is_default: !hasDefault, created_at: at })
    .onConflict(['provider', 'provider_method_id'])
    .ignore()
    .returning('*')) as SavedMethodRow[];
  if (row) return asMethod(row);
  const existing = (await trx('payment_methods')
    .where({ provider: method.provider, provider_method_id: method.provider_method_id })
    .first()) as SavedMethodRow;
  return asMethod(existing);
}

/** Makes `id` the only default of its owner (the owner's row locked, so two calls end with one). */
export async function setDefaultSavedMethod(trx: Knex, userId: number, id: number): Promise<void> {
  await trx('users').where({ id: userId }).forUpdate().first('id');
  await trx('payment_methods').where({ user_id: userId, is_default: true }).whereNot({ id }).update({ is_default: false });
  await trx('payment_methods').where({ user_id: userId, id }).update({ is_default: true });
}

/** Deletes a method; when it was the default, the newest other one takes its place. */
export async function deleteSavedMethod(trx: Knex, userId: number, id: number): Promise<void> {
  await trx('users').where({ id: userId }).forUpdate().first('id');
  const [deleted] = (await trx('payment_methods').where({ user_id: userId, id }).delete(['is_default'])) as { is_default: boolean }[];
  if (!deleted?.is_default) return;
  const next = await trx('payment_methods').where({ user_id: userId }).orderBy('id', 'desc').first('id');
  if (next) await trx('payment_methods').where({ id: next.id }).update({ is_default: true });
}

export async function findProviderCustomer(db: Knex, userId: number, provider: string): Promise<string | null> {
  const row = await db('payment_customers').where({ user_id: userId, provider }).first('provider_customer_id');
  return (row?.provider_customer_id as string | undefined) ?? null;
}

export async function saveProviderCustomer(db: Knex, userId: number, provider: string, customerId: string): Promise<void> {
  await db('payment_customers')
    .insert({ user_id: userId, provider, provider_customer_id: customerId })
    .onConflict(['user_id', 'provider'])
    .ignore();
}

export async function insertSetup(
  db: Knex,
  setup: Pick<SetupRow, 'user_id' | 'provider' | 'provider_customer_id'> & { created_at: Date },
): Promise<string> {
  const [row] = (await db('payment_method_setups').insert(setup).returning('id')) as { id: string }[];
  return row!.id;
}

export async function setSetupRef(db: Knex, id: string, providerRef: string, customerId: string): Promise<void> {
  await db('payment_method_setups').where({ id }).update({ provider_ref: providerRef, provider_customer_id: customerId });
}

export async function findSetup(db: Knex, id: string): Promise<SetupRow | undefined> {
  return db('payment_method_setups').where({ id }).first() as Promise<SetupRow | undefined>;
}

export async function lockSetup(trx: Knex, id: string): Promise<SetupRow | undefined> {
  return trx('payment_method_setups').where({ id }).forUpdate().first() as Promise<SetupRow | undefined>;
}

export async function endSetup(trx: Knex, id: string, status: 'saved' | 'failed', methodId: number | null): Promise<void> {
  await trx('payment_method_setups').where({ id }).update({ status, payment_method_id: methodId });
}

/** Setups still open, started within the window, that reached their provider. */
export function openSetupsBetween(db: Knex, from: Date, to: Date): Promise<SetupRow[]> {
  return db('payment_method_setups')
    .where({ status: 'open' })
    .whereNotNull('provider_ref')
    .whereBetween('created_at', [from, to])
    .orderBy('created_at')
    .limit(100) as Promise<SetupRow[]>;
}

/**
 * Account deletion: removes exactly the methods detached at their provider. Answers false (nothing
 * removed) when the owner saved another meanwhile, which was not detached. The ids go as one array
 * parameter: however many methods the owner saved, the bind parameters do not grow.
 */
export async function deleteDetachedMethods(trx: Knex, userId: number, ids: readonly number[]): Promise<boolean> {
  const detached = `{${ids.map(Number).join(',')}}`;
  const other = await trx('payment_methods').where({ user_id: userId }).whereRaw('id <> ALL(?::bigint[])', [detached]).first('id');
  if (other) return false;
  await trx('payment_methods').where({ user_id: userId }).whereRaw('id = ANY(?::bigint[])', [detached]).delete();
  // An unfinished setup must not store a method on the erased account later (the renewal job sweeps them).
  await trx('payment_method_setups').where({ user_id: userId, status: 'open' }).update({ status: 'failed' });
  return true;
}
