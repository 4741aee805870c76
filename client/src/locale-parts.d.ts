// The texts of one language, split by tools/vite-locale-parts.ts.
declare module 'virtual:locale-part/*' {
  const texts: import('i18next').ResourceLanguage;
  export default texts;
}

// One public page's texts in one language (tools/vite-page-texts.ts, the site's build).
declare module 'virtual:page-texts' {
  export function loadPageTexts(lng: string, pageKey: string): Promise<Record<string, unknown>>;
}
