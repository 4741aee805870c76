import { LegalPage } from './legal-page';

export function PrivacyPage() {
  return <LegalPage doc="privacy" />;
}
