import type { Language } from '../../../shared/i18n/languages';

/** A date written out as in a sentence (« 20 décembre 2026 »), on the shop's time zone as the mails. */
export const formatLongDate = (iso: string, lng: Language) =>
  new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'Europe/Brussels' }).format(new Date(iso));
