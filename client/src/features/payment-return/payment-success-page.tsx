import { PlaceholderPage } from '../../ui/placeholder-page';

// Placeholder until the page is built.
export function PaymentSuccessPage() {
  return <PlaceholderPage titleKey="paymentReturn.successTitle" />;
}
