import type { Knex } from 'knex';
import type { VatCheckStatus } from '../../../shared/tax/vat-treatment';

/** What VIES said about a customer's number, kept on their account so it is not asked every time. */
export async function recordVatCheck(
  db: Knex,
  userId: number,
  check: { status: VatCheckStatus; checkedAt: Date; number: string; name: string | null },
): Promise<void> {
  await db('users').where({ id: userId }).update({
    vat_check_status: check.status,
    vat_checked_at: check.checkedAt,
    vat_checked_number: check.number,
    vat_check_name: check.name,
  });
}
