import { useEffect, type ComponentType } from 'react';
import type { Language } from '../../../shared/i18n/languages';
import { CartProvider } from '../app/cart/cart-provider';
import { AppLayout } from '../app/layout/app-layout';
import { rememberLanguage } from '../app/remember-language';
import { SessionProvider } from '../app/session/session-provider';
import { DialogProvider } from '../ui/dialogs/dialog-provider';
import { SiteRouter } from './runtime/router';
import { SiteTexts, type Texts } from './runtime/texts';

export interface SiteAppProps {
  lng: Language;
  texts: Texts;
  Page: ComponentType;
  /** The requested address, on the server; the browser reads its own. */
  url?: string;
}

/**
 * A public page with the app's layout, as the server renders it and the browser hydrates it
 * (the site's builds: client/src/site/runtime/ stands in for react-router-dom and react-i18next).
 */
export function SiteApp({ lng, texts, Page, url }: SiteAppProps) {
  useEffect(() => rememberLanguage(lng), [lng]);
  return (
    <SiteTexts lng={lng} texts={texts}>
      <SessionProvider>
        <CartProvider>
          <DialogProvider>
            <SiteRouter url={url} page={<Page />}>
              <AppLayout />
            </SiteRouter>
          </DialogProvider>
        </CartProvider>
      </SessionProvider>
    </SiteTexts>
  );
}
