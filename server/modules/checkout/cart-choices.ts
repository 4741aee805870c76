import type { OsFamily } from '../../../shared/constants';
import type { CheckoutItem } from '../../../shared/schemas/checkout';
import { ValidationError, type FieldErrors } from '../../http/errors';

/** What a product offers to choose from (products.os_choices and variants). */
interface Offered {
  os_choices: readonly { id: string; name: string; family: OsFamily }[];
  variants: readonly { id: string; name: string }[];
}

export interface LineChoices {
  os: { id: string; name: string; family: OsFamily } | null;
  variant: { id: string; name: string } | null;
}

/** The offered choice the line names; undefined when it names none, or one the product does not offer. */
function pick<C extends { id: string }>(offered: readonly C[], chosen: string | undefined): C | null | undefined {
  if (offered.length === 0) return chosen === undefined ? null : undefined;
  return offered.find((c) => c.id === chosen);
}

/**
 * The system and variant of each cart line, read against its product: a product that offers
 * systems (variants) needs one of its ids on the line, one that offers none takes none. Any other
 * line is refused as a whole with its field (`items.0.os`: checkout.errors.os), before anything
 * is written.
 */
export function chosenOptions(items: readonly CheckoutItem[], products: ReadonlyMap<number, Offered>): LineChoices[] {
  const fields: FieldErrors = {};
  const choices = items.map((item, index) => {
    const product = products.get(item.productId)!;
    const os = pick(product.os_choices, item.os);
    const variant = pick(product.variants, item.variant);
    if (os === undefined) fields[`items.${index}.os`] = ['checkout.errors.os'];
    if (variant === undefined) fields[`items.${index}.variant`] = ['checkout.errors.variant'];
    return { os: os ?? null, variant: variant ?? null };
  });
  if (Object.keys(fields).length) throw ValidationError(fields, 'Choose a system or a variant the product offers');
  return choices;
}
