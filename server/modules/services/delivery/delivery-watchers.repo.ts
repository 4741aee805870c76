import type { Knex } from 'knex';
import type { Language } from '../../../../shared/i18n/languages';

/** Who is told of a delivery that needs a person: the agents on duty and every admin. */
export function deliveryWatchers(db: Knex): Promise<{ id: number; email: string; full_name: string | null; language: Language }[]> {
  return db('users')
    .where((q) => q.where({ role: 'admin' }).orWhere((on) => on.whereIn('role', ['support', 'manager']).andWhere({ is_online: true })))
    .orderBy('id')
    .select('id', 'email', 'full_name', 'language');
}
