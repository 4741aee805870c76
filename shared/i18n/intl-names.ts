// What the browser's Intl writes for the pages: a region's name and a joined list, in a language.
// The server computes the ones a page shows and hands them over with its data (client/src/ui/
// intl-names.ts): in the browser, making a formatter loads the language's data, a long task on a phone.

export const regionNameKey = (lng: string, code: string) => `region ${lng} ${code}`;
export const joinedListKey = (lng: string, names: readonly string[]) => `list ${lng} ${names.join('|')}`;

/** A country's name in the language (BE → Belgique, België, Belgium, Belgia). */
export function regionName(lng: string, code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code; // Intl throws on anything but a region code
  return new Intl.DisplayNames([lng], { type: 'region' }).of(code) ?? code;
}

/** The names joined as the language writes a list: "français et anglais". */
export function joinedList(lng: string, names: readonly string[]): string {
  return new Intl.ListFormat(lng, { type: 'conjunction' }).format(names);
}
