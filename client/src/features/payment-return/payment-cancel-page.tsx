import { PlaceholderPage } from '../../ui/placeholder-page';

// Placeholder until the page is built.
export function PaymentCancelPage() {
  return <PlaceholderPage titleKey="paymentReturn.cancelTitle" />;
}
