import { z } from 'zod';
import { updateProductSchema, type AdminProductDto, type UpdateProductInput } from '../../../../../shared/schemas/staff/products';
import { eurosToCents } from '../product/euro-cents';
import type { PlacementValues } from '../product/placement-fields';
import { NO_SUBCATEGORY } from '../product/product-form-values';

/** What the edit dialog holds: text as typed (the price in euros), the place and image as the selects hold them. */
export interface ProductEditValues extends PlacementValues {
  name: string;
  price: string;
  stock: string;
  description: string;
}

export type ProductEditField = keyof ProductEditValues;

/** Each field's message when checkProductEdit refuses it (the three placement fields share one). */
export const EDIT_ERROR_KEYS: Record<ProductEditField, string> = {
  name: 'staff.products.nameInvalid',
  price: 'staff.products.priceInvalid',
  stock: 'staff.products.stockInvalid',
  description: 'staff.products.actionError',
  category_id: 'staff.product.placementRequired',
  subcategory_id: 'staff.product.placementRequired',
  image: 'staff.product.placementRequired',
};

/** "1299" cents -> "12,99" as a French-first editor types it. */
export const centsToEuros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

export const editValuesOf = (product: AdminProductDto): ProductEditValues => ({
  name: product.name,
  price: centsToEuros(product.price_cents),
  stock: String(product.stock),
  description: product.description,
  category_id: String(product.category_id),
  subcategory_id: product.subcategory_id === null ? NO_SUBCATEGORY : String(product.subcategory_id),
  image: product.image,
});

export type EditCheck = { ok: true; body: UpdateProductInput } | { ok: false; invalid: ProductEditField[]; nothingChanged?: boolean };

/**
 * The PATCH body: only the fields that changed, checked by the server's own schema. The price is
 * typed in euros and sent in cents; a stock must be a whole number.
 */
export function checkProductEdit(product: AdminProductDto, values: ProductEditValues): EditCheck {
  const invalid: ProductEditField[] = [];
  const name = values.name.trim();
  if (name === '') invalid.push('name');
  const priceCents = eurosToCents(values.price);
  if (priceCents === null || priceCents <= 0) invalid.push('price');
  const stock = /^\d{1,7}$/.test(values.stock.trim()) ? Number(values.stock.trim()) : null;
  if (stock === null) invalid.push('stock');
  // Another category empties the subcategory: it must be chosen again (issue 17).
  if (values.subcategory_id === '') invalid.push('subcategory_id');
  if (invalid.length > 0) return { ok: false, invalid };

  const body: UpdateProductInput = {};
  if (name !== product.name) body.name = name;
  if (priceCents !== product.price_cents) body.price_cents = priceCents!;
  if (stock !== product.stock) body.stock = stock!;
  if (values.description !== product.description) body.description = values.description;
  if (values.image !== '' && values.image !== product.image) body.image = values.image;
  const subcategoryId = values.subcategory_id === NO_SUBCATEGORY ? null : Number(values.subcategory_id);
  if (Number(values.category_id) !== product.category_id || subcategoryId !== product.subcategory_id) {
    // A move names both, as the server wants.
    body.category_id = Number(values.category_id);
    body.subcategory_id = subcategoryId;
  }
  const parsed = updateProductSchema.safeParse(body);
  if (Object.keys(body).length === 0) return { ok: false, invalid: [], nothingChanged: true };
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => String(issue.path[0]));
    const field: ProductEditField = fields.includes('price_cents')
      ? 'price'
      : fields.includes('stock')
        ? 'stock'
        : fields.includes('name')
          ? 'name'
          : fields.some((f) => f === 'category_id' || f === 'subcategory_id')
            ? 'subcategory_id'
            : 'description';
    return { ok: false, invalid: [field] };
  }
  return { ok: true, body: parsed.data };
}

/**
 * checkProductEdit as the dialog's resolver schema: each refused field carries its message key; what
 * the dialog hands on is the PATCH body, or null when nothing changed (nothing to send, no field wrong).
 */
export function productEditSchema(product: AdminProductDto) {
  return z.custom<ProductEditValues>().transform((values, ctx): UpdateProductInput | null => {
    const check = checkProductEdit(product, values);
    if (check.ok) return check.body;
    if (check.nothingChanged) return null;
    for (const field of check.invalid) ctx.addIssue({ code: 'custom', path: [field], message: EDIT_ERROR_KEYS[field] });
    return z.NEVER;
  });
}
