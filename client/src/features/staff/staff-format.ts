import type { Language } from '../../../../shared/i18n/languages';

/** A date and time staff read in a list (« 21/11/2026 14:05 »: compact, it sits in a table column). */
export const formatDateTime = (iso: string, lng: Language) =>
  new Intl.DateTimeFormat(lng, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
