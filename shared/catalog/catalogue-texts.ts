import { z } from 'zod';
import type { Language } from '../i18n/languages';

/**
 * A catalogue row's texts beyond French (issue 34). French lives in the row's own columns and is
 * required; Dutch, English and Polish are optional, each text falling back to French on its own.
 */
export const TRANSLATED_LANGUAGES = ['nl', 'en', 'pl'] as const satisfies readonly Language[];
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** An empty text is no text: the French one shows. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

export const productTextsSchema = z.strictObject({
  name: optionalText(200),
  description: optionalText(5000),
});
export const nameTextsSchema = z.strictObject({ name: optionalText(200) });

/** {nl?, en?, pl?}: any other key (fr, de…) is refused, since French is the row's own columns. */
const byLanguage = <S extends z.ZodType>(texts: S) => z.strictObject({ nl: texts.optional(), en: texts.optional(), pl: texts.optional() });

export const productTranslationsSchema = byLanguage(productTextsSchema);
export type ProductTranslations = z.output<typeof productTranslationsSchema>;
export const nameTranslationsSchema = byLanguage(nameTextsSchema);
export type NameTranslations = z.output<typeof nameTranslationsSchema>;

/** The stored jsonb as read back: anything unreadable counts as "no translation". */
export function readTranslations(value: unknown): ProductTranslations {
  const parsed = productTranslationsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

/** A row's text in `lng`, else its French text. */
export function textIn<K extends 'name' | 'description'>(
  row: Record<K, string> & { translations?: unknown },
  field: K,
  lng: Language,
): string {
  if (lng === 'fr') return row[field];
  const texts = readTranslations(row.translations)[lng] as Partial<Record<K, string>> | undefined;
  return texts?.[field] ?? row[field];
}

/** The languages in which a row shows French instead (marked in the back-office). */
export function fallbackLanguages(translations: unknown, field: 'name' | 'description' = 'name'): TranslatedLanguage[] {
  const read = readTranslations(translations);
  return TRANSLATED_LANGUAGES.filter((lng) => !read[lng]?.[field as 'name']);
}

/** Only the texts given, so the stored jsonb holds no empty language. */
export function compactTranslations(translations: ProductTranslations): ProductTranslations {
  const compact: ProductTranslations = {};
  for (const lng of TRANSLATED_LANGUAGES) {
    const { name, description } = translations[lng] ?? {};
    if (name || description)
      compact[lng] = { ...(name && { name }), ...(description && { description }) } as ProductTranslations[typeof lng];
  }
  return compact;
}
