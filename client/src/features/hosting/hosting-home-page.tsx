import { PlaceholderPage } from '../../ui/placeholder-page';

// Spec §2 "Placeholder page": only a back-home link (DESIGN.md §3 lists this route among them).
export function HostingHomePage() {
  return <PlaceholderPage titleKey="hostingHome.title" linkOnly />;
}
