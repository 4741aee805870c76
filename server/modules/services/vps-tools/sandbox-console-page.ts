import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../../shared/i18n/languages';
import { serverTranslator } from '../../../i18n/server-text';

// The sandbox's stand-in for OVH's console: a dark screen with a login prompt, and a banner that
// says it is the sandbox. Nothing in it comes from the request but the language; no script at all.

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Its own policy: the page's one inline style sheet, nothing else loaded, never in a frame. */
export const SANDBOX_CONSOLE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function pickLanguage(accepted: string | false): Language {
  return accepted && (LANGUAGES as readonly string[]).includes(accepted) ? (accepted as Language) : DEFAULT_LANGUAGE;
}

export function sandboxConsolePage(lng: Language): string {
  const t = serverTranslator(lng);
  const text = (key: string) => escape(t(`panel.vpsTools.sandboxConsole.${key}`));
  return `<!doctype html>
<html lang="${lng}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${text('title')}</title>
<style>
  body { margin: 0; background: #0b0f14; color: #d7e0ea; font: 15px/1.5 system-ui, sans-serif; }
  .banner { background: #f5c542; color: #1b1b1b; padding: 12px 16px; font-weight: 600; }
  .banner p { margin: 0; }
  .banner small { display: block; font-weight: 400; }
  pre { margin: 0; padding: 16px; font: 14px/1.45 ui-monospace, Menlo, Consolas, monospace; color: #b9f6ca; white-space: pre-wrap; }
  .cursor { display: inline-block; width: .6em; background: #b9f6ca; animation: blink 1s steps(1) infinite; }
  @keyframes blink { 50% { opacity: 0; } }
</style>
</head>
<body>
<div class="banner" role="note"><p>${text('banner')}</p><small>${text('explain')}</small></div>
<main aria-label="${text('title')}"><pre>Debian GNU/Linux 12 sandbox tty1

sandbox login: <span class="cursor" aria-hidden="true">&nbsp;</span></pre></main>
</body>
</html>`;
}
