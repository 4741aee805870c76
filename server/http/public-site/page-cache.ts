/**
 * The last pages rendered, by language, address and catalogue version: rendering costs far more
 * than sending, and a page only changes with the catalogue (its key then changes) or a release.
 * Bounded: the least recently used page leaves first.
 */
export function createPageCache(limit = 200) {
  const pages = new Map<string, string>();
  return {
    get(key: string): string | undefined {
      const html = pages.get(key);
      if (html !== undefined) {
        pages.delete(key); // most recently used now
        pages.set(key, html);
      }
      return html;
    },
    set(key: string, html: string): void {
      pages.set(key, html);
      if (pages.size > limit) pages.delete(pages.keys().next().value!);
    },
  };
}
