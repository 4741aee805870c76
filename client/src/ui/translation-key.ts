import type fr from '../../../shared/locales/fr.json';

// Dotted paths of every text in the French source file, so a typo in a key fails `tsc`.
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

export type TranslationKey = Paths<typeof fr>;
