import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n';
import { SessionProvider } from './session/session-provider';

/** App-wide context: texts and the session. The cart provider joins here when that feature lands. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <SessionProvider>{children}</SessionProvider>
    </I18nextProvider>
  );
}
