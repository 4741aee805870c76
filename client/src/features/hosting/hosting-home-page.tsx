import { PlaceholderPage } from '../../ui/placeholder-page';

// Placeholder until the page is built (spec §2 "Placeholder page").
export function HostingHomePage() {
  return <PlaceholderPage titleKey="hostingHome.title" />;
}
