import { updateProductSchema, type AdminProductDto, type UpdateProductInput } from '../../../../../shared/schemas/staff';
import { eurosToCents } from '../product/euro-cents';

/** What the edit dialog holds: text as typed (the price in euros). */
export interface ProductEditValues {
  name: string;
  price: string;
  stock: string;
  description: string;
}

export type ProductEditField = keyof ProductEditValues;

/** "1299" cents -> "12,99" as a French-first editor types it. */
export const centsToEuros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

export const editValuesOf = (product: AdminProductDto): ProductEditValues => ({
  name: product.name,
  price: centsToEuros(product.price_cents),
  stock: String(product.stock),
  description: product.description,
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
  if (invalid.length > 0) return { ok: false, invalid };

  const body: UpdateProductInput = {};
  if (name !== product.name) body.name = name;
  if (priceCents !== product.price_cents) body.price_cents = priceCents!;
  if (stock !== product.stock) body.stock = stock!;
  if (values.description !== product.description) body.description = values.description;
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
          : 'description';
    return { ok: false, invalid: [field] };
  }
  return { ok: true, body: parsed.data };
}
