// The languages the shop speaks; French is the default and the fallback (spec §2).
export const LANGUAGES = ['fr', 'nl', 'en', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Swaps only the first path segment, keeping the rest of the path, query and hash. */
export function switchLanguageInPath(path: string, lng: Language): string {
  const [pathname = '/', suffix = ''] = splitSuffix(path);
  const segments = pathname.split('/');
  // segments[0] is '' because the path starts with '/'.
  if (isLanguage(segments[1])) segments[1] = lng;
  else segments.splice(1, 0, lng);
  const joined = segments.join('/');
  return (joined === `/${lng}` ? `/${lng}/` : joined) + suffix;
}

function splitSuffix(path: string): [string, string] {
  const cut = path.search(/[?#]/);
  return cut === -1 ? [path, ''] : [path.slice(0, cut), path.slice(cut)];
}
