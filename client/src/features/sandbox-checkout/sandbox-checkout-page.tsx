import { PlaceholderPage } from '../../ui/placeholder-page';

// Placeholder until the page is built.
export function SandboxCheckoutPage() {
  return <PlaceholderPage titleKey="sandboxCheckout.title" />;
}
