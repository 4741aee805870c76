// Stands in for i18next in the site's builds (tools/site-runtime.ts): it exports nothing, so a
// public page's code that reaches i18next fails the build instead of shipping it.
export {};
