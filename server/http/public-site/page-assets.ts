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
  /** Stylesheets the page's chunk would add once loaded: in the HTML, the page is styled at once. */
  styles: string[];
  /** Its scripts and its texts in the language: fetched beside the entry instead of after it. */
  scripts: string[];
}

/** The public pages' template: the site's build (vite.site.config.ts) writes it beside index.html. */
export const SITE_TEMPLATE = 'site.html';

/**
 * What a rendered page needs beyond site.html, read from the site build's manifest
 * (dist/client/.vite/site-manifest.json). Without one (tests with a bare template) nothing more.
 */
export function readPageAssets(clientDir: string): (page: PublicPage, lng: Language) => PageAssets {
  const path = join(clientDir, '.vite', 'site-manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
  const entry = manifest[SITE_TEMPLATE];
  // What site.html already loads.
  const inEntry = new Set<string>([
    ...(entry?.css ?? []),
    ...chunkClosure(manifest, entry?.imports ?? []).flatMap((c) => [c.file, ...(c.css ?? [])]),
  ]);

  return (page, lng) => {
    const chunks = chunkClosure(manifest, [page.module, `../${pageTextsModule(lng, page.key)}`]);
    const unique = (files: string[]) => [...new Set(files)].filter((file) => !inEntry.has(file)).map((file) => `/${file}`);
    return { styles: unique(chunks.flatMap((chunk) => chunk.css ?? [])), scripts: unique(chunks.map((chunk) => chunk.file)) };
  };
}

/** The chunks named and every chunk they import statically, each once. */
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
