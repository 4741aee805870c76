// Month names as Intl.DateTimeFormat writes them in a long date of the site's languages (CLDR's
// data, checked against Intl by format-date.test.ts): the first date formatter a page makes costs
// a slow phone about 100 ms while it hydrates, and these are the only dates public pages show.
const MONTHS: Record<string, readonly string[]> = {
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  pl: [
    'stycznia',
    'lutego',
    'marca',
    'kwietnia',
    'maja',
    'czerwca',
    'lipca',
    'sierpnia',
    'września',
    'października',
    'listopada',
    'grudnia',
  ],
};

/** `date` as Intl.DateTimeFormat(lng, { dateStyle: 'long' }) writes it, in the same (local) time zone. */
export function formatLongDate(date: Date, lng: string): string {
  const months = MONTHS[lng];
  const year = date.getFullYear();
  if (!months || Number.isNaN(year) || year < 1000 || year > 9999) return new Intl.DateTimeFormat(lng, { dateStyle: 'long' }).format(date);
  const month = months[date.getMonth()]!;
  return lng === 'en' ? `${month} ${date.getDate()}, ${year}` : `${date.getDate()} ${month} ${year}`;
}
