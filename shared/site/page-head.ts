/**
 * What search engines and link previews read of a public page beside its title: built by the
 * server (it knows the address, the catalogue and the seller), written into <head> by the page's
 * document (client/src/site/page-document.tsx).
 */
export interface PageHead {
  description: string;
  canonical: string;
  /** The same page in every language, and x-default. */
  alternates: readonly { hreflang: string; href: string }[];
  /** Open Graph properties (og:title comes with the page's own title: ui/page-title.tsx). */
  openGraph: readonly { property: string; content: string }[];
  /** schema.org JSON-LD objects. */
  structuredData: readonly unknown[];
}

/**
 * JSON inside a <script>: `<` written as \u003c, so no text (a product's name) can close the
 * element, and U+2028/2029 escaped as well. The result is still the same JSON.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
