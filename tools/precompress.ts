// After `vite build`: writes `file.br` and `file.gz` beside every text file of dist/client, at the
// highest levels (done once per build, not per request). The server sends them to browsers that
// accept them (server/http/precompressed-static.ts). Files smaller than 1 KB are left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = new URL('../dist/client/', import.meta.url).pathname;
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const entry of readdirSync(DIST, { recursive: true, withFileTypes: true })) {
  const path = join(entry.parentPath, entry.name);
  if (!entry.isFile() || !TEXT.test(entry.name) || path.includes('/.vite/')) continue;
  const bytes = readFileSync(path);
  if (bytes.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  files += 1;
  before += statSync(path).size;
  after += brotli.length;
}
console.log(`Precompressed ${files} files: ${(before / 1024).toFixed(0)} kB, ${(after / 1024).toFixed(0)} kB with brotli.`);
