import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll } from 'vitest';

/** The repository's root: snippets are linted as files at paths below it. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * For the lint rules' own tests: lints a snippet as if it were the file at `filePath` in the tree,
 * with the project's eslint.config.js, and gives the rules it breaks. Call it at a test file's top.
 */
export function projectLint(): (filePath: string, code: string) => Promise<string[]> {
  let eslint: ESLint;
  // Loading the parser and plugins takes seconds on a busy machine: once, here, not in the first case.
  beforeAll(async () => {
    eslint = new ESLint({ cwd: ROOT, overrideConfigFile: join(ROOT, 'eslint.config.js') });
    await eslint.lintText('export {};\n', { filePath: join(ROOT, 'server/probe.ts') });
  }, 60_000);
  return async (filePath, code) => {
    const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
    return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
  };
}
