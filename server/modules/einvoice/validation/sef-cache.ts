import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

// The official XSLT compiled once to SaxonJS's SEF (stylesheet export file) with the xslt3 CLI,
// cached on disk under a name that carries a hash of the XSLT and of the compiler's version: a new
// rules release or a new SaxonJS compiles again, anything else reuses the file. Several processes
// (test workers, app instances) may ask at once; a lock file lets one compile while the others
// wait, and the SEF appears by an atomic rename, so nobody reads half a file.

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** How long a lock may live before it is taken for the leftover of a killed compiler. */
const STALE_LOCK_MS = 5 * 60_000;
const POLL_MS = 200;

export async function compiledSef(xsltPath: string, cacheDir: string): Promise<string> {
  const source = await readFile(xsltPath);
  const compiler = require('xslt3/package.json') as { version: string };
  const hash = createHash('sha256').update(source).update(`xslt3@${compiler.version}`).digest('hex').slice(0, 16);
  const target = join(cacheDir, `${basename(xsltPath, '.xslt')}-${hash}.sef.json`);
  if (await exists(target)) return target;
  await mkdir(cacheDir, { recursive: true });
  const lock = `${target}.lock`;
  for (;;) {
    if (takeLock(lock)) {
      try {
        if (!(await exists(target))) await compile(xsltPath, target);
      } finally {
        await rm(lock, { force: true });
      }
      return target;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (await exists(target)) return target;
    await breakStaleLock(lock);
  }
}

async function compile(xsltPath: string, target: string): Promise<void> {
  const partial = `${target}.${process.pid}.partial`;
  const cli = require.resolve('xslt3/xslt3.js');
  try {
    await run(process.execPath, [cli, `-xsl:${xsltPath}`, `-export:${partial}`, '-nogo', '-relocate:on'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw new Error(`could not compile ${xsltPath} to SEF: ${(error as Error).message}`, { cause: error });
  }
}

function takeLock(lock: string): boolean {
  try {
    closeSync(openSync(lock, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function breakStaleLock(lock: string): Promise<void> {
  const info = await stat(lock).catch(() => null);
  // eslint-disable-next-line clock/injected-only -- the lock file's age is on the file system's real clock.
  if (info && Date.now() - info.mtimeMs > STALE_LOCK_MS) await rm(lock, { force: true });
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null;
}
