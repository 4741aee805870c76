import { useEffect, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '../../../shared/i18n/languages';
import { CartProvider } from '../app/cart/cart-provider';
import { rememberLanguage } from '../app/remember-language';
import { SessionProvider } from '../app/session/session-provider';
import { DialogProvider } from '../ui/dialogs/dialog-provider';

/**
 * What a public page's router runs in, as the server renders it (entry-server.tsx) and the browser
 * hydrates it (site-main.tsx): the page's texts, the session, the cart and the dialogs.
 */
export function SiteProviders({ lng, i18n, children }: { lng: Language; i18n: I18n; children: ReactNode }) {
  useEffect(() => rememberLanguage(lng), [lng]);
  return (
    <I18nextProvider i18n={i18n}>
      <SessionProvider>
        <CartProvider>
          <DialogProvider>{children}</DialogProvider>
        </CartProvider>
      </SessionProvider>
    </I18nextProvider>
  );
}
