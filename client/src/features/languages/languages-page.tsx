import { PlaceholderPage } from '../../ui/placeholder-page';

// Placeholder until the page is built (spec §2 "Placeholder page").
export function LanguagesPage() {
  return <PlaceholderPage titleKey="languages.title" />;
}
