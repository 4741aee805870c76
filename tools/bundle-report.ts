// After `vite build`: what a visitor's browser downloads for /fr/ (the entry, its static imports,
// and the home page's route chunk), raw and gzipped, and a check that the staff dashboard and the
// client panel are not part of it. Fails the build if they are, or if zod reaches a public page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { partOfSection, type LocalePart } from '../shared/i18n/locale-parts';
import { PUBLIC_PAGES as SITE_PAGES } from '../shared/site/public-pages';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const DIST = new URL('../dist/client/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const HOME_PAGE = 'src/features/home/home-page.tsx';
// The page's language's texts (French here): fetched with the page, so counted with it.
const FRENCH_TEXTS = '../virtual:locale-part/fr-site';
const FRENCH_LEGAL_TEXTS = '../virtual:locale-part/fr-legal';
const FRENCH = JSON.parse(readFileSync(new URL('../shared/locales/fr.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const NOT_ON_HOME = ['src/features/staff/', 'src/features/panel/'];

const keys = new Set<string>();
function collect(key: string) {
  if (keys.has(key) || !manifest[key]) return;
  keys.add(key);
  for (const imported of manifest[key]!.imports ?? []) collect(imported);
}
const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
if (!entry) throw new Error('no entry in the Vite manifest');
collect(entry);
collect(HOME_PAGE);
collect(FRENCH_TEXTS);

const files = new Set<string>();
for (const key of keys) {
  files.add(manifest[key]!.file);
  for (const css of manifest[key]!.css ?? []) files.add(css);
}
const sizes = [...files].map((file) => {
  const bytes = readFileSync(join(DIST, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
});
const total = (kind: 'js' | 'css', field: 'raw' | 'gzip') =>
  sizes.filter((s) => s.file.endsWith(`.${kind}`)).reduce((sum, s) => sum + s[field], 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

console.log('\nWhat a visitor downloads for /fr/:');
for (const s of sizes.sort((a, b) => b.raw - a.raw)) console.log(`  ${s.file.padEnd(46)} ${kb(s.raw).padStart(9)}  gzip ${kb(s.gzip)}`);
console.log(
  `  JavaScript: ${kb(total('js', 'raw'))} (gzip ${kb(total('js', 'gzip'))}); CSS: ${kb(total('css', 'raw'))} (gzip ${kb(total('css', 'gzip'))})`,
);

// Every public page: the entry and its static imports, plus the page's own chunk and its imports
// (what the router loads before the page shows), gzipped as the server sends them.
const PUBLIC_PAGES: Record<string, string> = Object.fromEntries(SITE_PAGES.map((page) => [`/fr/${page.path}`, page.module]));
const LEGAL_PAGE = 'src/features/legal/';
function gzipJsOf(page: string): { bytes: number; zod: boolean; missingSections: string[] } {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) walk(imported);
  };
  walk(entry!);
  walk(page);
  walk(FRENCH_TEXTS);
  const legal = page.startsWith(LEGAL_PAGE);
  if (legal) walk(FRENCH_LEGAL_TEXTS);
  let bytes = 0;
  let zod = false;
  let code = '';
  for (const key of seen) {
    const file = manifest[key]!.file;
    if (!file.endsWith('.js')) continue;
    const text = readFileSync(join(DIST, file));
    bytes += gzipSync(text, { level: 9 }).length;
    zod ||= key.includes('node_modules/zod/') || text.includes('ZodError');
    if (!key.includes('virtual:locale-part/')) code += text.toString('utf8');
  }
  return { bytes, zod, missingSections: sectionsOutside(code, legal ? ['site', 'legal'] : ['site']) };
}

/**
 * Text keys of sections the page does not download: `t('panel.…')` on a public page would show the
 * raw key. Every literal that starts with such a section's name and a dot counts.
 */
function sectionsOutside(code: string, parts: LocalePart[]): string[] {
  return Object.keys(FRENCH).filter(
    (section) => !parts.includes(partOfSection(section)) && new RegExp(`[\`"']${section}\\.[A-Za-z]`).test(code),
  );
}
console.log('\nJavaScript per public page (entry + page, static imports, French texts, gzip; goal for /fr/: at most 90 kB):');
const withZod: string[] = [];
const textsMissing: string[] = [];
for (const [path, page] of Object.entries(PUBLIC_PAGES)) {
  if (!manifest[page]) continue;
  const { bytes, zod, missingSections } = gzipJsOf(page);
  if (zod) withZod.push(path);
  if (missingSections.length) textsMissing.push(`${path} reads ${missingSections.join(', ')}`);
  console.log(`  ${path.padEnd(30)} ${kb(bytes).padStart(9)}${zod ? '   (zod included)' : ''}`);
}
// A public page has the site's texts (and a legal page the legal ones): a key of another section
// would show raw. Move the section to SITE_SECTIONS (shared/i18n/locale-parts.ts) or the key.
if (textsMissing.length) {
  console.error(`Public pages read texts they do not download: ${textsMissing.join('; ')}.`);
  process.exit(1);
}
// Public pages call the API by route (client/src/api/public-routes.ts): a contract declaration or a
// schema imported on their way brings zod back (25 kB gzip), so the build stops on it.
if (withZod.length) {
  console.error(`zod is downloaded on public pages: ${withZod.join(', ')}. Import the contract as a type and call by route.`);
  process.exit(1);
}

const leaked = [...keys].filter((key) => NOT_ON_HOME.some((prefix) => key.startsWith(prefix)));
if (leaked.length) {
  console.error(`The staff dashboard or the client panel is loaded on /fr/: ${leaked.join(', ')}`);
  process.exit(1);
}
console.log('  Staff dashboard and client panel: not downloaded on /fr/.');
