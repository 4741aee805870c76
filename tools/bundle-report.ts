// After `vite build`: what a visitor's browser downloads for /fr/ (the entry, its static imports,
// and the home page's route chunk), raw and gzipped, and a check that the staff dashboard and the
// client panel are not part of it. Fails the build if they are.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const DIST = new URL('../dist/client/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const HOME_PAGE = 'src/features/home/home-page.tsx';
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

const leaked = [...keys].filter((key) => NOT_ON_HOME.some((prefix) => key.startsWith(prefix)));
if (leaked.length) {
  console.error(`The staff dashboard or the client panel is loaded on /fr/: ${leaked.join(', ')}`);
  process.exit(1);
}
console.log('  Staff dashboard and client panel: not downloaded on /fr/.');
