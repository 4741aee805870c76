import type { Knex } from 'knex';

// console_sessions: one row per open console, counted per customer across instances.

/** Opens one unless the customer already has `max` live ones (seen after `staleBefore`): its id, or null. */
export function openConsoleSession(
  db: Knex,
  values: { userId: number; serviceId: number; now: Date; staleBefore: Date; max: number },
): Promise<string | null> {
  return db.transaction(async (trx) => {
    // One opening at a time per customer: two tabs at once cannot both take the last place.
    await trx('users').where({ id: values.userId }).forUpdate().first('id');
    await trx('console_sessions').where({ user_id: values.userId }).where('seen_at', '<', values.staleBefore).delete();
    const [counted] = (await trx('console_sessions').where({ user_id: values.userId }).count({ n: '*' })) as { n: string }[];
    if (Number(counted?.n ?? 0) >= values.max) return null;
    const [row] = (await trx('console_sessions')
      .insert({ user_id: values.userId, service_id: values.serviceId, opened_at: values.now, seen_at: values.now })
      .returning('id')) as { id: string }[];
    return String(row!.id);
  });
}

export async function countLiveConsoleSessions(db: Knex, userId: number, staleBefore: Date): Promise<number> {
  const [counted] = (await db('console_sessions').where({ user_id: userId }).where('seen_at', '>=', staleBefore).count({ n: '*' })) as {
    n: string;
  }[];
  return Number(counted?.n ?? 0);
}

/** This instance's open consoles are still open. */
export async function touchConsoleSessions(db: Knex, ids: string[], now: Date): Promise<void> {
  if (ids.length > 0) await db('console_sessions').whereIn('id', ids).update({ seen_at: now });
}

export async function closeConsoleSession(db: Knex, id: string): Promise<void> {
  await db('console_sessions').where({ id }).delete();
}
