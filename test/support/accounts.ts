import type { Knex } from 'knex';
import { createHash, randomBytes } from 'node:crypto';
import type { RegisterInput } from '../../shared/schemas/register';
import { signSessionToken } from '../../server/security/jwt';
import { newOneTimeToken } from '../../server/security/one-time-token';
import { insertSession, type SessionKind } from '../../server/modules/auth/sessions.repo';
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
 * precomputed or reused, see ./passwords, so building accounts costs no hashing), and the open
 * sessions bearer() and staffBearer() name (see openTestSessions).
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
  await openTestSessions(db, (row as UserRow).id);
  return { ...(row as UserRow), password: password ?? '' };
}

/**
 * The session id bearer() (or staffBearer()) puts in a user's token: derived from the user id, so
 * the helpers stay synchronous. Each test file has its own database, so it names one row there.
 */
export function testSessionId(userId: number, kind: SessionKind): string {
  const hex = createHash('sha256').update(`test-session:${kind}:${userId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The test sessions and their tokens last ten years: the guards read the app's clock, which a test
 * may have set years ahead (billing); a test about expiry logs in through the API at its own clock.
 */
export const TEST_SESSION_TTL_SECONDS = 10 * 365 * 24 * 3600;

/**
 * Every account built for a test has one live login session and one staff session under it, as
 * if it had logged in and passed the admin password; the guards then decide by role, as they do
 * for any live session. A test that needs a real login logs in through the API.
 */
export async function openTestSessions(db: Knex, userId: number): Promise<void> {
  const login = testSessionId(userId, 'login');
  const device = { userAgent: null, ip: null, now: new Date() };
  await insertSession(db, { id: login, userId, kind: 'login', ttlSeconds: TEST_SESSION_TTL_SECONDS, ...device });
  const staff = { id: testSessionId(userId, 'staff'), userId, kind: 'staff' as const, parentId: login };
  await insertSession(db, { ...staff, ttlSeconds: TEST_SESSION_TTL_SECONDS, ...device });
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

/** The bearer of the user's test session (opened by buildAccount). */
export const bearer = (userId: number) =>
  `Bearer ${signSessionToken(userId, testSessionId(userId, 'login'), TEST_JWT_SECRET, new Date(), TEST_SESSION_TTL_SECONDS)}`;

export const countUsers = async (db: Knex) => Number((await db('users').count({ n: '*' }))[0]?.n ?? 0);
