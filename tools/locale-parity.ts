import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The locale files must agree with French, the source (spec: every visible text exists in fr, nl,
// en and pl): the same nested keys, no empty text, and the same {{placeholders}} per key, since a
// translation that drops or renames one shows a raw "{{name}}" or loses the value on screen.

export const SOURCE_LANGUAGE = 'fr';
export const TRANSLATIONS = ['nl', 'en', 'pl'] as const;
export const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'shared', 'locales');

export type LocaleTree = { [key: string]: string | LocaleTree };

/** The leaves of a locale tree by dotted key; a non-string, non-object leaf is kept to be reported. */
export function flattenLocale(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value && typeof value === 'object' && !Array.isArray(value)) flattenLocale(value, path, out);
      else out.set(path, value);
    }
  }
  return out;
}

/** The distinct {{placeholders}} of a text, sorted (`{{ name }}` and `{{name, format}}` count as name). */
export function placeholdersOf(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((match) => match[1] ?? '');
  return [...new Set(names)].sort();
}

/** Every disagreement between the source tree and the translations, one readable line each. */
export function findLocaleProblems(trees: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const source = flattenLocale(trees[SOURCE_LANGUAGE]);
  if (source.size === 0) return [`${SOURCE_LANGUAGE}: no keys (the source file is empty or missing)`];
  for (const lng of [SOURCE_LANGUAGE, ...TRANSLATIONS]) {
    const texts = flattenLocale(trees[lng]);
    for (const [key, value] of texts) {
      if (typeof value !== 'string') problems.push(`${lng}: ${key} is not a text (${JSON.stringify(value)})`);
      else if (value.trim() === '') problems.push(`${lng}: ${key} is empty`);
      if (!source.has(key)) problems.push(`${lng}: ${key} is not in ${SOURCE_LANGUAGE}`);
    }
    if (lng === SOURCE_LANGUAGE) continue;
    for (const [key, sourceText] of source) {
      if (!texts.has(key)) {
        problems.push(`${lng}: ${key} is missing`);
        continue;
      }
      const text = texts.get(key);
      // A non-text or empty one is reported above already.
      if (typeof sourceText !== 'string' || typeof text !== 'string' || text.trim() === '') continue;
      const expected = placeholdersOf(sourceText).join(', ');
      const actual = placeholdersOf(text).join(', ');
      if (expected !== actual) problems.push(`${lng}: ${key} has placeholders [${actual}], ${SOURCE_LANGUAGE} has [${expected}]`);
    }
  }
  return problems;
}

/** The four locale files as parsed JSON, by language. */
export function readLocales(dir = LOCALES_DIR): Record<string, unknown> {
  return Object.fromEntries(
    [SOURCE_LANGUAGE, ...TRANSLATIONS].map((lng) => [lng, JSON.parse(readFileSync(join(dir, `${lng}.json`), 'utf8')) as unknown]),
  );
}

// `npm run locales`: print the problems, exit 1 on any.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problems = findLocaleProblems(readLocales());
  for (const problem of problems) console.log(problem);
  const keys = flattenLocale(readLocales()[SOURCE_LANGUAGE]).size;
  console.log(`locales: ${keys} ${SOURCE_LANGUAGE} keys, ${problems.length} problem(s)`);
  process.exitCode = problems.length ? 1 : 0;
}
