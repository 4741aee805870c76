import type { Language } from '../../../../shared/i18n/languages';

/** A date and time staff read in a list (« 21 nov. 2026, 14:05 »), in the page's language. */
export const formatDateTime = (iso: string, lng: Language) =>
  new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
