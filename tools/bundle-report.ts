// After the builds: what a visitor's browser downloads for each public page (the site's entry, its
// static imports, the page's chunk and its texts in French), gzipped, with the files of /fr/. Fails
// the build if a public page's code names texts it does not download, if zod reaches a public page,
// if the staff dashboard or the client panel do, or if /fr/ weighs more than its goal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LAYOUT_SECTIONS } from '../shared/i18n/locale-parts';
import { pageTextsModule, PUBLIC_PAGES } from '../shared/site/public-pages';
import { SITE_ENTRY, SITE_HYDRATION } from '../server/http/public-site/page-assets';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const DIST = new URL('../dist/client/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/site-manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
/** Issue 32: what a phone on /fr/ downloads, React (66 kB), React Router and i18next included. */
const HOME_GOAL_BYTES = 130 * 1024;
const FRENCH = JSON.parse(readFileSync(new URL('../shared/locales/fr.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const NOT_ON_PUBLIC_PAGES = ['src/features/staff/', 'src/features/panel/', 'src/features/account/'];
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/**
 * The manifest's keys a page loads before it is alive: the entry's, its hydration's (the second
 * entry), the page's and its texts', with their static imports.
 */
function keysOf(page: (typeof PUBLIC_PAGES)[number]): string[] {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) walk(imported);
  };
  for (const key of [SITE_ENTRY, SITE_HYDRATION, page.module, `../${pageTextsModule('fr', page.key)}`]) {
    if (!manifest[key]) throw new Error(`${key} is not in the site build's manifest`);
    walk(key);
  }
  return [...seen];
}

/**
 * Sections the page's code names but does not download: `t('panel.…')` there would show the raw
 * key. Every literal that starts with a section's name and a dot counts.
 */
function sectionsOutside(code: string, downloaded: readonly string[]): string[] {
  return Object.keys(FRENCH).filter((section) => !downloaded.includes(section) && new RegExp(`[\`"']${section}\\.[A-Za-z$]`).test(code));
}

const problems: string[] = [];
const home = PUBLIC_PAGES.find((page) => page.key === 'home')!;
console.log('\nWhat a visitor downloads for /fr/:');
for (const key of keysOf(home)) {
  const { file, css = [] } = manifest[key]!;
  for (const name of [file, ...css]) {
    const bytes = readFileSync(join(DIST, name));
    console.log(`  ${name.padEnd(46)} ${kb(bytes.length).padStart(9)}  gzip ${kb(gzipSync(bytes, { level: 9 }).length)}`);
  }
}

console.log('\nJavaScript per public page (entry + page, static imports, its French texts, gzip; goal for /fr/: at most 130 kB):');
for (const page of PUBLIC_PAGES) {
  const path = `/fr/${page.path}`;
  let bytes = 0;
  let code = '';
  for (const key of keysOf(page)) {
    const text = readFileSync(join(DIST, manifest[key]!.file));
    bytes += gzipSync(text, { level: 9 }).length;
    if (!key.includes('virtual:page-texts/')) code += text.toString('utf8');
    if (NOT_ON_PUBLIC_PAGES.some((prefix) => key.startsWith(prefix))) problems.push(`${path} loads ${key}`);
  }
  console.log(`  ${path.padEnd(30)} ${kb(bytes).padStart(9)}`);
  const missing = sectionsOutside(code, [...LAYOUT_SECTIONS, ...page.sections]);
  // Add the section to the page's `sections` (shared/site/public-pages.ts) or to LAYOUT_SECTIONS.
  if (missing.length) problems.push(`${path} reads texts it does not download: ${missing.join(', ')}`);
  // Public pages call the API by route (client/src/api/public-routes.ts): a contract or a schema
  // imported on their way brings zod back (25 kB gzip).
  if (code.includes('ZodError')) problems.push(`${path} downloads zod: import the contract as a type and call by route`);
  if (page === home && bytes > HOME_GOAL_BYTES) problems.push(`${path} downloads ${kb(bytes)}, more than ${kb(HOME_GOAL_BYTES)}`);
}
if (problems.length) {
  console.error(`\nThe public pages' build is wrong:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`  No zod, staff dashboard or client panel on a public page; /fr/ within ${kb(HOME_GOAL_BYTES)}.`);
