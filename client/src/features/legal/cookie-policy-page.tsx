import { LegalPage } from './legal-page';

export function CookiePolicyPage() {
  return <LegalPage doc="cookies" />;
}
