import { createContext, useContext, useMemo, type ReactNode } from 'react';

/**
 * What the public pages use of react-i18next, for the site's builds only (vite.site.config.ts and
 * the server's render): i18next and react-i18next weigh 20 kB gzip, and a public page only looks
 * texts up in one language. Our locale files use nested keys and {{name}} placeholders, nothing
 * else (no plurals, nesting or formatters), and the page's language never changes on the page: a
 * language switch is a link to the other language's page. The app keeps i18next.
 */

export type Texts = Record<string, unknown>;

interface TextsValue {
  lng: string;
  texts: Texts;
}

interface TOptions {
  returnObjects?: boolean;
  defaultValue?: string;
  [name: string]: unknown;
}

const TextsContext = createContext<TextsValue>({ lng: 'fr', texts: {} });

export function SiteTexts({ lng, texts, children }: TextsValue & { children: ReactNode }) {
  const value = useMemo(() => ({ lng, texts }), [lng, texts]);
  return <TextsContext value={value}>{children}</TextsContext>;
}

function lookup(texts: Texts, key: string): unknown {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (placeholder, name: string) => (name in options ? String(options[name]) : placeholder));
}

/** i18next's answer for the same call: the text with its placeholders filled, else the key itself. */
export function translate(texts: Texts, key: string | readonly string[], options?: TOptions): string {
  const keys = typeof key === 'string' ? [key] : key;
  for (const candidate of keys) {
    const value = lookup(texts, candidate);
    if (typeof value === 'string') return interpolate(value, options);
    if (value !== undefined && options?.returnObjects) return value as string;
  }
  return options?.defaultValue ?? keys[keys.length - 1] ?? '';
}

export function useTranslation() {
  const { lng, texts } = useContext(TextsContext);
  return useMemo(() => {
    const t = (key: string | readonly string[], options?: TOptions) => translate(texts, key, options);
    const i18n = {
      language: lng,
      resolvedLanguage: lng,
      exists: (key: string) => lookup(texts, key) !== undefined,
    };
    return Object.assign([t, i18n, true] as const, { t, i18n, ready: true });
  }, [lng, texts]);
}
