// The texts of one language, split by tools/vite-locale-parts.ts.
declare module 'virtual:locale-part/*' {
  const texts: import('i18next').ResourceLanguage;
  export default texts;
}
