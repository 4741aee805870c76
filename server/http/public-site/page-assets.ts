import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../../../shared/i18n/languages';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export interface PageAssets {
  /** Stylesheets the page's chunk would add once loaded: in the HTML, the page is styled at once. */
  styles: string[];
  /** Its scripts and the language's texts: fetched beside the entry instead of after it. */
  scripts: string[];
}

/**
 * What a rendered page needs beyond index.html, read from the client build's manifest
 * (dist/client/.vite/manifest.json). Without one (tests with a bare index.html) nothing more.
 */
export function readPageAssets(clientDir: string): (module: string, lng: Language) => PageAssets {
  const path = join(clientDir, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
  const entry = manifest['index.html'];
  // What index.html already loads.
  const inEntry = new Set<string>([
    ...(entry?.css ?? []),
    ...chunkClosure(manifest, entry?.imports ?? []).flatMap((c) => [c.file, ...(c.css ?? [])]),
  ]);

  return (module, lng) => {
    const chunks = chunkClosure(manifest, [module, localeChunkKey(lng)]);
    const unique = (files: string[]) => [...new Set(files)].filter((file) => !inEntry.has(file)).map((file) => `/${file}`);
    return { styles: unique(chunks.flatMap((chunk) => chunk.css ?? [])), scripts: unique(chunks.map((chunk) => chunk.file)) };
  };
}

/** The manifest's key of the language's site texts (tools/vite-locale-parts.ts). */
export const localeChunkKey = (lng: Language) => `../virtual:locale-part/${lng}-site`;

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
