import { LegalPage } from './legal-page';

export function PaymentTermsPage() {
  return <LegalPage doc="payment" />;
}
