import { joinedList, joinedListKey, regionName, regionNameKey } from '../../../shared/i18n/intl-names';

/** What Intl has written, by key; a page the server rendered starts with the ones it shows. */
const known = new Map<string, string>();

/** The server's names for this page (InitialData.intlNames), before it hydrates. */
export function rememberIntlNames(names: Readonly<Record<string, string>> | undefined): void {
  for (const [key, value] of Object.entries(names ?? {})) known.set(key, value);
}

function once(key: string, make: () => string): string {
  let value = known.get(key);
  if (value === undefined) {
    value = make();
    known.set(key, value);
  }
  return value;
}

export const regionNameOf = (code: string, lng: string) => once(regionNameKey(lng, code), () => regionName(lng, code));

export const joinedListOf = (lng: string, names: readonly string[]) => once(joinedListKey(lng, names), () => joinedList(lng, names));
