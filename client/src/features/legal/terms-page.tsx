import { LegalPage } from './legal-page';

export function TermsPage() {
  return <LegalPage doc="terms" />;
}
