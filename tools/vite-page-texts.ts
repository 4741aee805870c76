import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { LANGUAGES } from '../shared/i18n/languages';
import { LAYOUT_SECTIONS, sectionsOf } from '../shared/i18n/locale-parts';
import { pageTextsModule, PUBLIC_PAGES } from '../shared/site/public-pages';

const LOADER = 'virtual:page-texts';
const PREFIX = `${LOADER}/`; // as pageTextsModule writes it

/**
 * The public pages' texts for the site's build (vite.site.config.ts): `virtual:page-texts/fr-home`
 * holds the layout's sections and the home page's, in French, and nothing else; each is its own
 * chunk. `virtual:page-texts` loads one: `loadPageTexts('fr', 'home')`.
 */
export function pageTexts(): Plugin {
  return {
    name: 'page-texts',
    resolveId(id) {
      return id === LOADER || id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${LOADER}`) {
        const entries = LANGUAGES.flatMap((lng) =>
          PUBLIC_PAGES.map(
            (page) => `${JSON.stringify(`${lng}-${page.key}`)}: () => import(${JSON.stringify(pageTextsModule(lng, page.key))})`,
          ),
        );
        return `const chunks = {${entries.join(',')}};
export function loadPageTexts(lng, key) { return chunks[lng + '-' + key]().then((module) => module.default); }`;
      }
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const name = id.slice(PREFIX.length + 1);
      const [lng, key] = [name.slice(0, name.indexOf('-')), name.slice(name.indexOf('-') + 1)];
      const page = PUBLIC_PAGES.find((candidate) => candidate.key === key);
      if (!(LANGUAGES as readonly string[]).includes(lng) || !page) throw new Error(`No page texts ${id.slice(1)}`);
      const file = fileURLToPath(new URL(`../shared/locales/${lng}.json`, import.meta.url));
      this.addWatchFile(file);
      const texts = sectionsOf(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, [...LAYOUT_SECTIONS, ...page.sections]);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}
