import type { Knex } from 'knex';
import { isDeepStrictEqual } from 'node:util';
import {
  deliveryChoiceIssues,
  deliveryConfigOf,
  serviceKindOf,
  SERVICE_KIND_OF_MODE,
  type ProductDeliveryChoices,
} from '../../../../shared/schemas/delivery-settings';
import type { AdminProductDto, UpdateProductInput } from '../../../../shared/schemas/staff/products';
import { ConflictError, ValidationError } from '../../../http/errors';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import { assertPanelTakes } from '../products/delivery-check';
import type { PanelCatalogueReader } from '../products/panel-catalogue';
import { checkedPlacement } from '../products/product-placement';
import { ProductNotFound } from './products-admin.errors';
import { presentAdminProduct } from './products-admin.presenter';
import { findAdminProduct, lockProduct, updateProductRow } from './products-admin.repo';
import type { Clock } from '../../../clock/clock';

type Field = keyof UpdateProductInput;
type Values = Partial<Record<Field, unknown>>;

/** The delivery section's fields: checked together, against the panel for Pterodactyl. */
const DELIVERY_FIELDS = ['delivery', 'service_kind', 'os_choices', 'variants'] as const satisfies readonly Field[];

export const ProductChangedMeanwhile = () =>
  ConflictError('product_changed', 'Someone else changed this product’s delivery meanwhile: reload it and try again');

/** The fields whose value differs from the stored one (tax_rate compared as a number, the delivery section by value). */
function changedFields(stored: Values, input: UpdateProductInput): Field[] {
  return (Object.keys(input) as Field[]).filter((field) => {
    const wanted = input[field];
    if (wanted === undefined) return false;
    return !isDeepStrictEqual(stored[field], wanted);
  });
}

const pick = (values: Values, fields: Field[]) => Object.fromEntries(fields.map((f) => [f, values[f]]));

/**
 * The delivery section once the changes apply, as a whole: a kind the mode contradicts, systems on
 * a game server or variants on a VPS are refused (400). A mode that implies the kind sets it.
 */
function deliveryAfter(stored: AdminProductDto, input: UpdateProductInput): ProductDeliveryChoices {
  const delivery = input.delivery ?? stored.delivery;
  if (!delivery) throw ValidationError({ delivery: ['Enregistrez à nouveau toute la section livraison.'] });
  // The stored kind stays unless the new mode implies another.
  const chosenKind = input.service_kind ?? (input.delivery && SERVICE_KIND_OF_MODE[input.delivery.mode] ? undefined : stored.service_kind);
  const choices = {
    delivery,
    serviceKind: chosenKind,
    osChoices: input.os_choices ?? stored.os_choices,
    variants: input.variants ?? stored.variants,
  };
  const issues = deliveryChoiceIssues(choices);
  if (issues.length) throw ValidationError(Object.fromEntries(issues.map((i) => [i.path.join('.'), [i.message]])));
  return { ...choices, serviceKind: serviceKindOf(delivery.mode, chosenKind) };
}

/** The columns the changed fields write (the delivery section as its columns; the bandwidth is a spec, written into config_products). */
function columnsOf(input: UpdateProductInput, fields: Field[], delivery: ProductDeliveryChoices | null): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === 'delivery' && input.delivery) {
      columns.delivery = input.delivery.mode;
      columns.delivery_config = JSON.stringify(deliveryConfigOf(input.delivery));
    } else if (field === 'os_choices' || field === 'variants' || field === 'translations') {
      columns[field] = JSON.stringify(input[field]);
    } else if (field === 'billing_months') {
      columns.ovh_duration = String(input.billing_months); // text, as the spec stores it
    } else if (field !== 'service_kind' && field !== 'bandwidth') {
      columns[field] = input[field];
    }
  }
  if (delivery) columns.service_kind = delivery.serviceKind;
  return columns;
}

/** What the audit keeps of a field: the delivery section summed up (panel variables may hold licence keys). */
function audited(values: Values): Values {
  const out: Values = { ...values };
  if (out.delivery) out.delivery = { mode: (out.delivery as { mode: string }).mode };
  if (Array.isArray(out.variants)) out.variants = out.variants.map((v: { id: string }) => v.id);
  if (Array.isArray(out.os_choices)) out.os_choices = out.os_choices.map((c: { id: string }) => c.id);
  return out;
}

const sameDelivery = (a: AdminProductDto, b: AdminProductDto) => DELIVERY_FIELDS.every((field) => isDeepStrictEqual(a[field], b[field]));

/**
 * Changes a product's catalogue fields, its place and illustration, and its delivery section
 * (Produits: manager and admin) in one transaction with its audit row, which keeps only the fields
 * that really changed. Sending the stored values changes and audits nothing. New Pterodactyl
 * settings or variants are read against the panel first, outside the transaction; a delivery
 * section changed by someone else meanwhile is 409. The caller drops the shop's catalogue cache
 * afterwards.
 */
export async function updateProduct(
  deps: { db: Knex; clock: Clock; panel: PanelCatalogueReader },
  staff: UserRow,
  id: number,
  input: UpdateProductInput,
  ip?: string,
) {
  const { db, clock } = deps;
  let seen: AdminProductDto | null = null;
  let delivery: ProductDeliveryChoices | null = null;
  if (DELIVERY_FIELDS.some((field) => input[field] !== undefined)) {
    const row = await findAdminProduct(db, id);
    if (!row) throw ProductNotFound();
    seen = presentAdminProduct(row);
    delivery = deliveryAfter(seen, input);
    if (input.delivery !== undefined || input.variants !== undefined)
      await assertPanelTakes(deps.panel, delivery.delivery, delivery.variants);
  }
  return db.transaction(async (trx) => {
    if (!(await lockProduct(trx, id))) throw ProductNotFound();
    const before = presentAdminProduct((await findAdminProduct(trx, id))!);
    if (seen && !sameDelivery(seen, before)) throw ProductChangedMeanwhile();
    if (input.category_id !== undefined) {
      // A move is checked like a creation: both exist and the subcategory belongs to the category.
      await checkedPlacement(trx, { categoryId: input.category_id, subcategoryId: input.subcategory_id ?? null });
    }
    const fields = changedFields(before, input);
    const kindChanges = delivery !== null && delivery.serviceKind !== before.service_kind;
    if (fields.length === 0 && !kindChanges) return before;
    const specs: Record<string, string> = fields.includes('bandwidth') ? { bandwidth: input.bandwidth! } : {};
    await updateProductRow(trx, id, columnsOf(input, fields, delivery), clock.now(), specs);
    const changed = kindChanges && !fields.includes('service_kind') ? [...fields, 'service_kind' as const] : fields;
    const after = { ...pick(input, fields), ...(kindChanges && { service_kind: delivery!.serviceKind }) };
    await writeAudit(trx, {
      actorId: staff.id,
      action: 'product.updated',
      entityType: 'product',
      entityId: id,
      before: audited(pick(before, changed)),
      after: audited(after),
      ip,
    });
    return presentAdminProduct((await findAdminProduct(trx, id))!);
  });
}

/** updateProduct with its database, clock and panel bound (by the module entry), as the route calls it. */
export type BoundUpdateProduct = (staff: UserRow, id: number, input: UpdateProductInput, ip?: string) => ReturnType<typeof updateProduct>;
