import type { SavedMethodDto } from '../../../shared/schemas/payment-methods';
import type { SavedMethodRow } from './saved-methods.repo';

/** Display details only: the provider's ids stay on the server. */
export function presentSavedMethod(row: SavedMethodRow): SavedMethodDto {
  return {
    id: row.id,
    provider: row.provider,
    kind: row.kind,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    bank_account: row.bank_account,
    sandbox_outcome: row.sandbox_outcome,
    is_default: row.is_default,
    created_at: row.created_at.toISOString(),
  };
}

export function presentSavedMethods(rows: SavedMethodRow[], canSave: { stripe: boolean; mollie: boolean; sandbox: boolean }) {
  return { methods: rows.map(presentSavedMethod), can_save: canSave };
}
