import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../../../shared/i18n/languages';
import { pageTextsModule, type PublicPage } from '../../../shared/site/public-pages';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export interface PageAssets {
  /** The site's entry script. */
  entry: string;
  /** The module that hydrates the page, which the entry imports after the first paint; null in a build without one. */
  hydration: string | null;
  /** Every stylesheet the page needs, the entry's first (the cascade's order). */
  styles: string[];
  /** What the entry loads (its imports and the page's hydration), the page and its texts in the language: fetched after the first paint. */
  scripts: string[];
}

/** The public pages' entry, as the site build's manifest names it (vite.site.config.ts). */
export const SITE_ENTRY = 'src/site-main.tsx';
/** The site build's second entry: the module the first one loads after the first paint, to hydrate the page. */
export const SITE_HYDRATION = 'src/site/hydrate-page.tsx';

/**
 * The files of a public page in a language, read from the site build's manifest
 * (dist/client/.vite/site-manifest.json); null without one (no site build).
 */
export function readPageAssets(clientDir: string): ((page: PublicPage, lng: Language) => PageAssets) | null {
  const path = join(clientDir, '.vite', 'site-manifest.json');
  if (!existsSync(path)) return null;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[SITE_ENTRY];
  if (!entry) throw new Error(`${SITE_ENTRY} is not in ${path}`);
  return (page, lng) => {
    const chunks = chunkClosure(manifest, [SITE_ENTRY, SITE_HYDRATION, page.module, `../${pageTextsModule(lng, page.key)}`]);
    const unique = (files: string[]) => [...new Set(files)].map((file) => `/${file}`);
    const hydration = manifest[SITE_HYDRATION];
    return {
      entry: `/${entry.file}`,
      hydration: hydration ? `/${hydration.file}` : null,
      styles: unique(chunks.flatMap((chunk) => chunk.css ?? [])),
      scripts: unique(chunks.filter((chunk) => chunk !== entry).map((chunk) => chunk.file)),
    };
  };
}

/** The chunks named and every chunk they import statically, each once, importers first. */
function chunkClosure(manifest: Record<string, ManifestChunk>, keys: readonly string[]): ManifestChunk[] {
  const seen = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.set(key, chunk);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...seen.values()];
}
