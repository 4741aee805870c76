import type { RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { AppLoading } from './layout/app-loading';
import { ErrorPage } from './error-page';
import { loadTextPart } from './i18n';
import type { LocalePart } from '../../../shared/i18n/locale-parts';
import { LanguageGate } from './language-gate';
import { RedirectInLanguage, RedirectToDefaultLanguage } from './redirects';
import { GuestOnly, RequireFromInside } from './route-guards';

/**
 * A page whose texts public pages leave out (shared/i18n/locale-parts.ts): they come with its code
 * (issue 18). Every screen but the public pages reads the app's part; the legal pages their own.
 */
const withTexts =
  (part: LocalePart) =>
  <Page,>(load: () => Promise<Page>) =>
  (): Promise<Page> =>
    Promise.all([load(), loadTextPart(part)]).then(([page]) => page);
const withAppTexts = withTexts('app');
const withLegalTexts = withTexts('legal');

// Every page is its own chunk: the route loads it on first visit (spec: public pages stay light).
export const pageRoutes: RouteObject[] = [
  { index: true, lazy: () => import('../features/home/home-page').then((m) => ({ Component: m.HomePage })) },
  { path: 'Hosting', lazy: () => import('../features/hosting/hosting-page').then((m) => ({ Component: m.HostingPage })) },
  {
    path: 'Hosting-Home',
    lazy: withAppTexts(() => import('../features/hosting/hosting-home-page').then((m) => ({ Component: m.HostingHomePage }))),
  },
  { path: 'Menu', lazy: () => import('../features/hub/menu-page').then((m) => ({ Component: m.MenuPage })) },
  {
    path: 'Informations',
    lazy: () => import('../features/informations/informations-page').then((m) => ({ Component: m.InformationsPage })),
  },
  { path: 'languages', lazy: () => import('../features/languages/languages-page').then((m) => ({ Component: m.LanguagesPage })) },
  { path: 'boutique', lazy: () => import('../features/shop/shop-page').then((m) => ({ Component: m.ShopPage })) },
  { path: 'shop', element: <RedirectInLanguage to="boutique" /> },
  // Paths match case-insensitively, so this one entry serves both /Cart and /cart.
  { path: 'Cart', lazy: withAppTexts(() => import('../features/cart/cart-page').then((m) => ({ Component: m.CartPage }))) },
  { path: 'payment', lazy: withAppTexts(() => import('../features/payment/payment-page').then((m) => ({ Component: m.PaymentPage }))) },
  {
    path: 'paymentteste',
    lazy: withAppTexts(() => import('../features/payment/payment-test-page').then((m) => ({ Component: m.PaymentTestPage }))),
  },
  {
    path: 'payment/success',
    lazy: withAppTexts(() => import('../features/payment-return/payment-success-page').then((m) => ({ Component: m.PaymentSuccessPage }))),
  },
  {
    path: 'payment/cancel',
    lazy: withAppTexts(() => import('../features/payment-return/payment-cancel-page').then((m) => ({ Component: m.PaymentCancelPage }))),
  },
  {
    path: 'sandbox-checkout/:checkoutId',
    lazy: withAppTexts(() =>
      import('../features/sandbox-checkout/sandbox-checkout-page').then((m) => ({ Component: m.SandboxCheckoutPage })),
    ),
  },
  {
    path: 'discord-success',
    lazy: withAppTexts(() => import('../features/auth/discord-success-page').then((m) => ({ Component: m.DiscordSuccessPage }))),
  },
  { path: 'HubFive', lazy: () => import('../features/hubfive/hubfive-page').then((m) => ({ Component: m.HubFivePage })) },
  // LoginHub is a plain login form: not guarded, but still for visitors only.
  {
    element: <GuestOnly />,
    children: [
      {
        path: 'LoginHub',
        lazy: withAppTexts(() => import('../features/auth/login-hub-page').then((m) => ({ Component: m.LoginHubPage }))),
      },
    ],
  },
  // Spec §2 route guard: these render only when reached from inside the site.
  {
    element: <RequireFromInside />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', lazy: withAppTexts(() => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage }))) },
          {
            path: 'Register',
            lazy: withAppTexts(() => import('../features/auth/register-page').then((m) => ({ Component: m.RegisterPage }))),
          },
        ],
      },
      {
        path: 'forget-password',
        lazy: withAppTexts(() => import('../features/auth/forget-password-page').then((m) => ({ Component: m.ForgetPasswordPage }))),
      },
      {
        path: 'dashboard-admin',
        lazy: withAppTexts(() => import('../features/staff/dashboard-page').then((m) => ({ Component: m.DashboardPage }))),
      },
    ],
  },
  {
    path: 'reset-password',
    lazy: withAppTexts(() => import('../features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage }))),
  },
  {
    path: 'verify-email',
    lazy: withAppTexts(() => import('../features/auth/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage }))),
  },
  { path: 'PanelCLient', lazy: withAppTexts(() => import('../features/panel/panel-page').then((m) => ({ Component: m.PanelPage }))) },
  {
    path: 'dashboard-admin/:categoryId',
    lazy: withAppTexts(() => import('../features/staff/dashboard-category-page').then((m) => ({ Component: m.DashboardCategoryPage }))),
  },
  { path: 'profile', lazy: withAppTexts(() => import('../features/account/profile-page').then((m) => ({ Component: m.ProfilePage }))) },
  { path: 'settings', lazy: withAppTexts(() => import('../features/account/settings-page').then((m) => ({ Component: m.SettingsPage }))) },
  {
    path: 'confirm-email',
    lazy: withAppTexts(() => import('../features/account/confirm-email-page').then((m) => ({ Component: m.ConfirmEmailPage }))),
  },
  {
    path: 'staff-second-factor',
    lazy: withAppTexts(() =>
      import('../features/account/two-factor/staff-enrolment-page').then((m) => ({ Component: m.StaffSecondFactorEnrolmentPage })),
    ),
  },
  {
    path: 'settings/two-factor',
    lazy: withAppTexts(() => import('../features/account/two-factor/two-factor-page').then((m) => ({ Component: m.TwoFactorPage }))),
  },
  { path: 'Support', lazy: withAppTexts(() => import('../features/support/support-page').then((m) => ({ Component: m.SupportPage }))) },
  {
    path: 'conditions-generales',
    lazy: withLegalTexts(() => import('../features/legal/terms-page').then((m) => ({ Component: m.TermsPage }))),
  },
  {
    path: 'politique-confidentialite',
    lazy: withLegalTexts(() => import('../features/legal/privacy-page').then((m) => ({ Component: m.PrivacyPage }))),
  },
  {
    path: 'mentions-legales',
    lazy: withLegalTexts(() => import('../features/legal/legal-notice-page').then((m) => ({ Component: m.LegalNoticePage }))),
  },
  {
    path: 'conditions-payment',
    lazy: withLegalTexts(() => import('../features/legal/payment-terms-page').then((m) => ({ Component: m.PaymentTermsPage }))),
  },
  {
    path: 'politique-cookies',
    lazy: withLegalTexts(() => import('../features/legal/cookie-policy-page').then((m) => ({ Component: m.CookiePolicyPage }))),
  },
  { path: 'contact', lazy: () => import('../features/contact/contact-page').then((m) => ({ Component: m.ContactPage })) },
  { path: '*', element: <RedirectToDefaultLanguage /> },
];

/** The whole route table, shared by the browser router and the tests' memory router. */
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    // Shown on the very first load while the first page's chunk arrives.
    hydrateFallbackElement: <AppLoading />,
    children: [
      { index: true, element: <RedirectToDefaultLanguage /> },
      {
        path: ':lng',
        element: <LanguageGate />,
        children: [
          {
            element: <AppLayout />,
            // Second boundary: a failing page keeps the navbar and footer around its error.
            children: [{ errorElement: <ErrorPage />, children: pageRoutes }],
          },
        ],
      },
    ],
  },
];
