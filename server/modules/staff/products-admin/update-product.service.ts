import type { Knex } from 'knex';
import type { UpdateProductInput } from '../../../../shared/schemas/staff/products';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import { checkedPlacement } from '../products/product-placement';
import { ProductNotFound } from './products-admin.errors';
import { presentAdminProduct } from './products-admin.presenter';
import { findAdminProduct, lockProduct, updateProductRow } from './products-admin.repo';
import type { Clock } from '../../../clock/clock';

type Field = keyof UpdateProductInput;
type Values = Partial<Record<Field, unknown>>;

/** The fields whose value differs from the stored one (tax_rate compared as a number). */
function changedFields(stored: Values, input: UpdateProductInput): Field[] {
  return (Object.keys(input) as Field[]).filter((field) => {
    const wanted = input[field];
    if (wanted === undefined) return false;
    const current = field === 'tax_rate' ? stored.tax_rate : stored[field];
    return current !== wanted;
  });
}

const pick = (values: Values, fields: Field[]) => Object.fromEntries(fields.map((f) => [f, values[f]]));

/**
 * Changes a product's catalogue fields (and its place and illustration) (Produits: manager and admin) in one transaction with its
 * audit row, which keeps only the fields that really changed. Sending the stored values changes and
 * audits nothing. The caller drops the shop's catalogue cache afterwards.
 */
export async function updateProduct(db: Knex, staff: UserRow, id: number, input: UpdateProductInput, clock: Clock, ip?: string) {
  return db.transaction(async (trx) => {
    if (!(await lockProduct(trx, id))) throw ProductNotFound();
    const before = presentAdminProduct((await findAdminProduct(trx, id))!);
    if (input.category_id !== undefined) {
      // A move is checked like a creation: both exist and the subcategory belongs to the category.
      await checkedPlacement(trx, { categoryId: input.category_id, subcategoryId: input.subcategory_id ?? null });
    }
    const fields = changedFields(before, input);
    if (fields.length === 0) return before;
    const after = pick(input, fields);
    await updateProductRow(trx, id, after, clock.now());
    await writeAudit(trx, {
      actorId: staff.id,
      action: 'product.updated',
      entityType: 'product',
      entityId: id,
      before: pick(before, fields),
      after,
      ip,
    });
    return presentAdminProduct((await findAdminProduct(trx, id))!);
  });
}

/** updateProduct with its database and clock bound (by the module entry), as the route calls it. */
export type BoundUpdateProduct = (staff: UserRow, id: number, input: UpdateProductInput, ip?: string) => ReturnType<typeof updateProduct>;
