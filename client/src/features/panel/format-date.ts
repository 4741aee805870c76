import type { Language } from '../../../../shared/i18n/languages';

/** A date the customer reads (« 12 déc. 2026 »), in the page's language. */
export const formatDate = (iso: string, lng: Language) => new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(new Date(iso));
