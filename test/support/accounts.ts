import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import type { RegisterInput } from '../../shared/schemas/register';
import { signSessionToken } from '../../server/security/jwt';
import { newOneTimeToken } from '../../server/security/one-time-token';
import type { TokenPurpose } from '../../server/modules/auth/tokens.repo';
import type { UserRow } from '../../server/modules/auth/users.repo';
import { TEST_JWT_SECRET } from './app';
import { testPasswordHash } from './passwords';

export const uniqueEmail = (prefix = 'client') => `${prefix}-${randomBytes(4).toString('hex')}@example.test`;

/** A register body that passes registerSchema: an individual in Belgium. */
export function registerBody(overrides: Partial<RegisterInput> = {}): RegisterInput {
  return {
    userType: 'particulier',
    email: uniqueEmail(),
    password: 'Secret-pass-1',
    fullName: 'Camille Dubois',
    address: 'Rue du Marché 42, 1000 Bruxelles',
    phone: '+32 470 12 34 56',
    country: 'BE',
    language: 'fr',
    ...overrides,
  };
}

export function businessRegisterBody(overrides: Partial<RegisterInput> = {}): RegisterInput {
  return registerBody({
    userType: 'business',
    companyName: 'PixelForge SRL',
    vatNumber: 'BE0123.456.789',
    fullName: 'Lucas Martin',
    ...overrides,
  });
}

/**
 * An account inserted straight into the database, with a known password (argon2id; the hash is
 * precomputed or reused, see ./passwords, so building accounts costs no hashing).
 */
export async function buildAccount(
  db: Knex,
  overrides: Partial<UserRow> & { password?: string | null } = {},
): Promise<UserRow & { password: string }> {
  const { password = 'Known-pass-1', ...fields } = overrides;
  const [row] = await db('users')
    .insert({
      email: uniqueEmail(),
      full_name: 'Jean Test',
      password_hash: password === null ? null : await testPasswordHash(password),
      ...fields,
    })
    .returning('*');
  return { ...(row as UserRow), password: password ?? '' };
}

/** A one-time token as the mail would carry it; expiresAt in the past makes an expired one. */
export async function issueTestToken(db: Knex, userId: number, purpose: TokenPurpose, expiresAt?: Date) {
  const token = newOneTimeToken();
  await db('one_time_tokens').insert({
    user_id: userId,
    purpose,
    token_hash: token.hash,
    expires_at: expiresAt ?? new Date(Date.now() + 60 * 60 * 1000),
  });
  return token.value;
}

export const bearer = (userId: number) => `Bearer ${signSessionToken(userId, TEST_JWT_SECRET)}`;

export const countUsers = async (db: Knex) => Number((await db('users').count({ n: '*' }))[0]?.n ?? 0);
