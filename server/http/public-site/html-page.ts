import { INITIAL_DATA_ELEMENT_ID } from '../../../shared/site/public-pages';
import type { InlineStyles } from './page-styles';

const STYLESHEET_LINK = /\s*<link rel="stylesheet"[^>]*>/g;

/** The stylesheets index.html links, in its order (the cascade's). */
export function templateStylesheets(template: string): string[] {
  return [...template.matchAll(/<link rel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g)].map((match) => match[1]!);
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

/** React writes a page's <title> and preloads before its markup: they belong in the head. */
export function splitHoisted(appHtml: string): { hoisted: string; body: string; title: string | null } {
  const match = /^(?:<title>[^<]*<\/title>|<link [^>]*>|<meta [^>]*>)*/.exec(appHtml);
  const hoisted = match?.[0] ?? '';
  const title = /<title>([^<]*)<\/title>/.exec(hoisted)?.[1] ?? null;
  return { hoisted, body: appHtml.slice(hoisted.length), title };
}

/**
 * index.html of the client build with the page in it: its language, its head (title from the
 * rendered page, description, links, structured data), its markup in #root and the data it was
 * rendered with for hydration (JSON in the head, not executed: the CSP allows no inline script).
 */
export function fillTemplate(
  template: string,
  page: { lng: string; head: string; appHtml: string; initialData: unknown; preloads: string; inlineStyles?: InlineStyles | null },
): string {
  const { hoisted, body } = splitHoisted(page.appHtml);
  const data = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${scriptJson(page.initialData)}</script>`;
  const styles = page.inlineStyles;
  const shell = styles
    ? template
        .replace(STYLESHEET_LINK, '')
        .replace('</head>', `<style>${styles.css}</style></head>`)
        .replace('</body>', `${styles.hrefs.map((href) => `<link rel="stylesheet" crossorigin href="${href}" />`).join('')}</body>`)
    : template;
  return shell
    .replace(/<html lang="[^"]*"/, `<html lang="${page.lng}"`)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `${hoisted}${page.head}${page.preloads}${data}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}
