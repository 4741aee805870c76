import type { Knex } from 'knex';

// The sandbox game panel's own tables (game_panel_sandbox_users, game_panel_sandbox_servers).

export interface SandboxServerRow {
  id: number;
  identifier: string;
  external_id: string | null;
  name: string;
  user_id: number;
  egg_id: number;
  location: string;
  host: string;
  ip: string;
  port: number;
  install_fails: boolean;
  install_done_at: Date;
  suspended: boolean;
}

export interface NewSandboxServer {
  identifier: string;
  externalId: string;
  name: string;
  userId: number;
  eggId: number;
  dockerImage: string;
  startup: string;
  environment: Record<string, string>;
  limits: object;
  featureLimits: object;
  location: string;
  host: string;
  ip: string;
  installFails: boolean;
  installDoneAt: Date;
}

const USERS = 'game_panel_sandbox_users';
const SERVERS = 'game_panel_sandbox_servers';
const SERVER_COLUMNS = [
  'id',
  'identifier',
  'external_id',
  'name',
  'user_id',
  'egg_id',
  'location',
  'host',
  'ip',
  'port',
  'install_fails',
  'install_done_at',
  'suspended',
];

export async function findSandboxUserId(db: Knex, by: { externalId: string } | { email: string }): Promise<number | null> {
  const query = db(USERS).first('id');
  if ('externalId' in by) query.where({ external_id: by.externalId });
  else query.whereRaw('lower(email) = lower(?)', [by.email]);
  const row = (await query) as { id: number } | undefined;
  return row?.id ?? null;
}

export async function sandboxUserExists(db: Knex, id: number): Promise<boolean> {
  return (await db(USERS).where({ id }).first('id')) !== undefined;
}

/** The new user's id; null when one with this external id or e-mail came first. */
export async function insertSandboxUser(
  db: Knex,
  user: { externalId: string; email: string; username: string; firstName: string; lastName: string },
  now: Date,
): Promise<number | null> {
  const rows: { id: number }[] = await db(USERS)
    .insert({
      external_id: user.externalId,
      email: user.email,
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      created_at: now,
      updated_at: now,
    })
    .onConflict()
    .ignore()
    .returning('id');
  return rows[0]?.id ?? null;
}

export function findSandboxServer(db: Knex, by: { id: number } | { externalId: string }): Promise<SandboxServerRow | undefined> {
  const where = 'id' in by ? { id: by.id } : { external_id: by.externalId };
  return db(SERVERS).where(where).first(SERVER_COLUMNS);
}

/**
 * Stores the server on the lowest free port of `ports` on its host, in one statement: two
 * creates at once cannot take the same port, nor the same external id. Undefined when no port is
 * free or another server took the port or the external id first (the caller tells which).
 */
export async function insertSandboxServer(
  db: Knex,
  server: NewSandboxServer,
  ports: readonly (readonly [number, number])[],
  now: Date,
): Promise<SandboxServerRow | undefined> {
  const result = await db.raw(
    `INSERT INTO ${SERVERS} (identifier, external_id, name, user_id, egg_id, docker_image, startup, environment, limits,
       feature_limits, location, host, ip, port, install_fails, install_done_at, suspended, created_at, updated_at)
     SELECT :identifier, :externalId, :name, :userId, :eggId, :dockerImage, :startup, :environment, :limits,
       :featureLimits, :location, :host, :ip, free.port, :installFails, :installDoneAt, false, :now, :now
     FROM (
       SELECT candidate AS port
       FROM unnest(:lows::int[], :highs::int[]) AS range(low, high), generate_series(range.low, range.high) AS candidate
       WHERE NOT EXISTS (SELECT 1 FROM ${SERVERS} taken WHERE taken.host = :host AND taken.port = candidate)
       ORDER BY candidate
       LIMIT 1
     ) free
     ON CONFLICT DO NOTHING
     RETURNING ${SERVER_COLUMNS.join(', ')}`,
    {
      ...server,
      environment: JSON.stringify(server.environment),
      limits: JSON.stringify(server.limits),
      featureLimits: JSON.stringify(server.featureLimits),
      lows: ports.map(([low]) => low),
      highs: ports.map(([, high]) => high),
      now,
    },
  );
  return (result as { rows: SandboxServerRow[] }).rows[0];
}

/** Whether the server exists (and now has this suspension). */
export async function setSandboxServerSuspended(db: Knex, id: number, suspended: boolean, now: Date): Promise<boolean> {
  return (await db(SERVERS).where({ id }).update({ suspended, updated_at: now })) > 0;
}

export async function deleteSandboxServer(db: Knex, id: number): Promise<void> {
  await db(SERVERS).where({ id }).delete();
}
