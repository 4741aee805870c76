import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { LANGUAGES } from '../shared/i18n/languages';
import { LOCALE_PARTS, localePart, type LocalePart } from '../shared/i18n/locale-parts';

const PREFIX = 'virtual:locale-part/';

/**
 * `import('virtual:locale-part/fr-site')`: one part of a language's texts (shared/locale-parts.ts),
 * built from shared/locales/<lng>.json, each its own chunk. Emitted as JSON.parse of a string,
 * which browsers parse faster than the same object written as code.
 */
export function localeParts(): Plugin {
  return {
    name: 'locale-parts',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [lng, part] = id.slice(PREFIX.length + 1).split('-') as [string, LocalePart];
      if (!(LANGUAGES as readonly string[]).includes(lng) || !LOCALE_PARTS.includes(part)) throw new Error(`No locale part ${id.slice(1)}`);
      const file = fileURLToPath(new URL(`../shared/locales/${lng}.json`, import.meta.url));
      this.addWatchFile(file);
      const texts = localePart(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, part);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}
