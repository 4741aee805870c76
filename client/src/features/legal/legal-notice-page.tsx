import { LegalPage } from './legal-page';

export function LegalNoticePage() {
  return <LegalPage doc="notice" />;
}
