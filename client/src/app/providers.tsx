import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { CartProvider } from './cart/cart-provider';
import { i18n as browserI18n } from './i18n';
import type { i18n as I18n } from 'i18next';
import { SessionProvider } from './session/session-provider';
import { QueryProvider } from './query-provider';
import { DialogProvider } from '../ui/dialogs/dialog-provider';

/** App-wide context: texts, the session, server state (TanStack Query), the cart and the in-app alert/confirm dialogs. The server gives its own texts. */
export function AppProviders({ children, i18n = browserI18n }: { children: ReactNode; i18n?: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <SessionProvider>
        <QueryProvider>
          <CartProvider>
            <DialogProvider>{children}</DialogProvider>
          </CartProvider>
        </QueryProvider>
      </SessionProvider>
    </I18nextProvider>
  );
}
