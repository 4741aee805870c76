/**
 * The last pages rendered, by language, address and catalogue version: rendering costs far more
 * than sending, and a page only changes with the catalogue (its key then changes) or a release.
 * Bounded: the least recently used page leaves first.
 */
export function createPageCache<Page = string>(limit = 200) {
  const pages = new Map<string, Page>();
  return {
    get(key: string): Page | undefined {
      const page = pages.get(key);
      if (page !== undefined) {
        pages.delete(key); // most recently used now
        pages.set(key, page);
      }
      return page;
    },
    set(key: string, page: Page): void {
      pages.set(key, page);
      if (pages.size > limit) pages.delete(pages.keys().next().value!);
    },
  };
}
