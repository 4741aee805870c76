import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { CartProvider } from './cart/cart-provider';
import { i18n } from './i18n';
import { SessionProvider } from './session/session-provider';
import { DialogProvider } from '../ui/dialogs/dialog-provider';

/** App-wide context: texts, the session, the cart and the in-app alert/confirm dialogs. */
export function AppProviders({ children }: { children: ReactNode }) {
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
