import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A page's stylesheets as one inline block: the first paint needs no request but the HTML. */
export interface InlineStyles {
  /** The CSS of every stylesheet, in the order the page would link them. */
  css: string;
  /** `'sha256-…'`: the page's Content-Security-Policy allows this block and no other inline style. */
  cspSource: string;
  /** The same files, linked at the end of the body: cached for the next pages, and found there by
   * the client's chunk loader, which would otherwise fetch them again before hydrating. */
  hrefs: string[];
}

/** Reads the built stylesheets once each; `null` when there are none or one cannot go inline. */
export function inlineStylesOf(clientDir: string, hrefs: readonly string[], read = cachedReader(clientDir)): InlineStyles | null {
  if (hrefs.length === 0) return null;
  const css = hrefs.map(read).join('\n');
  // Text that would close the element cannot be inlined as is; the links then stay in the head.
  if (/<\/style/i.test(css)) return null;
  const cspSource = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  return { css, cspSource, hrefs: [...hrefs] };
}

function cachedReader(clientDir: string): (href: string) => string {
  const files = new Map<string, string>();
  return (href) => {
    let text = files.get(href);
    if (text === undefined) {
      text = readFileSync(join(clientDir, href.replace(/^\//, '')), 'utf8');
      files.set(href, text);
    }
    return text;
  };
}

/** The policy helmet set, with this page's inline block allowed in style-src. */
export function allowInlineStyle(policy: string, cspSource: string): string {
  return policy.replace(
    /(^|;)(\s*style-src)([^;]*)/,
    (_all, start: string, name: string, sources: string) => `${start}${name}${sources} ${cspSource}`,
  );
}
