import type { Knex } from 'knex';
import { ValidationError } from '../../../http/errors';
import { categoryName, categoryOfSubcategory } from './products.repo';

/** Where a product sits in the shop: its category, and its subcategory (null reads "Sans sous-catégorie"). */
export interface Placement {
  categoryId: number;
  categoryName: string;
  subcategoryId: number | null;
}

/**
 * Checks a category and subcategory chosen in a back-office form: both must exist and the
 * subcategory must belong to the category (400 with the field otherwise). A subcategory alone
 * names its category; null is the explicit choice "Sans sous-catégorie".
 */
export async function checkedPlacement(
  trx: Knex,
  choice: { categoryId: number | undefined; subcategoryId: number | null },
): Promise<Placement> {
  let categoryId = choice.categoryId;
  if (choice.subcategoryId !== null) {
    const parent = await categoryOfSubcategory(trx, choice.subcategoryId);
    if (parent === undefined) throw ValidationError({ subcategory_id: ['Sous-catégorie inconnue.'] });
    if (categoryId !== undefined && categoryId !== parent) {
      throw ValidationError({ subcategory_id: ['Cette sous-catégorie n’appartient pas à la catégorie choisie.'] });
    }
    categoryId = parent;
  }
  if (categoryId === undefined) throw ValidationError({ category_id: ['Choisissez une catégorie.'] });
  const name = await categoryName(trx, categoryId);
  if (name === undefined) throw ValidationError({ category_id: ['Catégorie inconnue.'] });
  return { categoryId, categoryName: name, subcategoryId: choice.subcategoryId };
}
