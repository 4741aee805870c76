import type { TranslatedLanguage } from '../../../../../shared/catalog/catalogue-texts';

/** The product's text fields: French in its own columns, the other languages beside it (issue 34). */
export type ProductTextField = 'name' | 'description' | `name_${TranslatedLanguage}` | `description_${TranslatedLanguage}`;

/** In page order: French, then each language's name and description. */
export const PRODUCT_TEXT_FIELDS: readonly ProductTextField[] = [
  'name',
  'description',
  'name_nl',
  'description_nl',
  'name_en',
  'description_en',
  'name_pl',
  'description_pl',
];
