import type { ComponentType } from 'react';

/**
 * The code of each public page (shared/site/public-pages.ts names them by module), each its own
 * chunk: a visitor's browser loads the layout and the one page it is on.
 */
export const SITE_PAGE_CODE: Record<string, () => Promise<ComponentType>> = {
  'src/features/home/home-page.tsx': () => import('../features/home/home-page').then((m) => m.HomePage),
  'src/features/hosting/hosting-page.tsx': () => import('../features/hosting/hosting-page').then((m) => m.HostingPage),
  'src/features/shop/shop-page.tsx': () => import('../features/shop/shop-page').then((m) => m.ShopPage),
  'src/features/hubfive/hubfive-page.tsx': () => import('../features/hubfive/hubfive-page').then((m) => m.HubFivePage),
  'src/features/hub/menu-page.tsx': () => import('../features/hub/menu-page').then((m) => m.MenuPage),
  'src/features/informations/informations-page.tsx': () =>
    import('../features/informations/informations-page').then((m) => m.InformationsPage),
  'src/features/contact/contact-page.tsx': () => import('../features/contact/contact-page').then((m) => m.ContactPage),
  'src/features/languages/languages-page.tsx': () => import('../features/languages/languages-page').then((m) => m.LanguagesPage),
  'src/features/legal/terms-page.tsx': () => import('../features/legal/terms-page').then((m) => m.TermsPage),
  'src/features/legal/privacy-page.tsx': () => import('../features/legal/privacy-page').then((m) => m.PrivacyPage),
  'src/features/legal/legal-notice-page.tsx': () => import('../features/legal/legal-notice-page').then((m) => m.LegalNoticePage),
  'src/features/legal/payment-terms-page.tsx': () => import('../features/legal/payment-terms-page').then((m) => m.PaymentTermsPage),
  'src/features/legal/cookie-policy-page.tsx': () => import('../features/legal/cookie-policy-page').then((m) => m.CookiePolicyPage),
};
