// Compiles the server to JavaScript for production: dist-server/server/main.js (and the first
// admin's command, staff-create.js, and the one-shot migration run, migrate.js) and one file per
// migration in dist-server/migrations/, so the image runs plain Node (no TypeScript compiled at
// each start). Packages stay in node_modules. Every source file's `import.meta.url` is rewritten to
// its source file's URL, so paths it builds relative to itself (migrations, locales, dist/client,
// the e-invoice rules) point where they point under tsx.
import { build, type Plugin } from 'esbuild';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';

const ROOT = new URL('../', import.meta.url).pathname;
const OUT = `${ROOT}dist-server`;

const sourceUrls: Plugin = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
      // From dist-server/<dir>/<chunk>.js, two levels up is the repository root in both layouts.
      const fromRoot = relative(ROOT, args.path);
      const expression = `new URL(${JSON.stringify(`../../${fromRoot}`)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', expression), loader: 'ts' };
    });
  },
};

rmSync(OUT, { recursive: true, force: true });
const migrations = readdirSync(`${ROOT}migrations`)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => `${ROOT}migrations/${file}`);
await build({
  entryPoints: [`${ROOT}server/main.ts`, `${ROOT}server/staff-create.ts`, `${ROOT}server/migrate.ts`, ...migrations],
  outdir: OUT,
  outbase: ROOT,
  bundle: true,
  splitting: true,
  chunkNames: 'server/[name]-[hash]', // two levels below the root, like every entry
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  define: { STOREFRONT_COMPILED: 'true' },
  plugins: [sourceUrls],
});
console.log(`Server compiled to ${relative(ROOT, OUT)}/server/main.js (${migrations.length} migrations beside it).`);
