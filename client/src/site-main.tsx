import { PAGE_SCRIPTS_ELEMENT_ID, type PageScripts } from '../../shared/site/page-scripts';
import { afterFirstPaint } from './site/after-first-paint';
import { holdEarlyClicks } from './site/early-clicks';
import './styles/tokens.css';
import './styles/base.css';

// The public pages' entry. The server's HTML is the page: it is painted first, with nothing else
// on the wire, and the scripts that make it live are fetched after that paint, all at once.
const releaseClicks = holdEarlyClicks();
await afterFirstPaint();
const listed = document.getElementById(PAGE_SCRIPTS_ELEMENT_ID)?.textContent;
const { hydration, modules } = listed ? (JSON.parse(listed) as PageScripts) : { hydration: null, modules: [] };
for (const href of modules) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}
try {
  // The list names importers first: from its end, each import runs one chunk (its imports already
  // ran), one task each, so no single task holds the main thread for all of them.
  for (const href of [...modules].reverse()) {
    await import(/* @vite-ignore */ href);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  // Its address comes from the server's manifest: a plain import, without the bundler's loader.
  if (hydration) {
    const { hydratePage } = (await import(/* @vite-ignore */ hydration)) as typeof import('./site/hydrate-page');
    await hydratePage();
  }
} finally {
  releaseClicks();
}
