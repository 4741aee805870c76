import type { Plugin } from 'vite';

const CLIENT = new URL('../client/src/', import.meta.url).pathname;
const file = (path: string) => `${CLIENT}site/runtime/${path}`;

// i18next has no place on a public page: a module that exports nothing makes any use of it fail the build.
const STAND_INS: [RegExp, string][] = [
  [/^react-router(-dom)?$/, file('router.tsx')],
  [/^react-i18next$/, file('texts.tsx')],
  [/^i18next$/, file('no-i18next.ts')],
];

/**
 * The site's builds (the public pages' entry and the server's render of them) run the client's
 * code on client/src/site/runtime/ instead of react-router-dom and react-i18next: the same calls,
 * without the 50 kB gzip those two weigh (issue 18). Only the client's imports are redirected:
 * the server's own code (the mails' texts) keeps i18next when tests load both.
 */
export function siteRuntime(): Plugin {
  return {
    name: 'site-runtime',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.startsWith(CLIENT)) return undefined;
      return STAND_INS.find(([pattern]) => pattern.test(source))?.[1];
    },
  };
}
