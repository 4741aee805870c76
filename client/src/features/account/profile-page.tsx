import { PlaceholderPage } from '../../ui/placeholder-page';

// Spec §2 "Placeholder page": only a back-home link (DESIGN.md §3 lists this route among them).
export function ProfilePage() {
  return <PlaceholderPage titleKey="profile.title" linkOnly />;
}
