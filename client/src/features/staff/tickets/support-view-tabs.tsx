import { useTranslation } from 'react-i18next';
import { TabList } from '../../../ui/tab-list';

export type SupportView = 'tickets' | 'reviews';

const VIEWS: readonly { id: SupportView; label: string }[] = [
  { id: 'tickets', label: 'staff.tickets.viewTickets' },
  { id: 'reviews', label: 'staff.tickets.viewReviews' },
];

export const supportTabId = (view: SupportView) => `staff-support-tab-${view}`;
export const supportPanelId = (view: SupportView) => `staff-support-panel-${view}`;

/** The Support category's two views: the customers' tickets and the rating comments to moderate. */
export function SupportViewTabs({ selected, onSelect }: { selected: SupportView; onSelect: (view: SupportView) => void }) {
  const { t } = useTranslation();
  return (
    <TabList
      label={t('staff.tickets.views')}
      tabs={VIEWS.map((view) => ({ id: view.id, label: t(view.label) }))}
      selected={selected}
      onSelect={onSelect}
      tabIdOf={supportTabId}
      panelIdOf={supportPanelId}
      className="staff-logs__tabs"
      tabClassName="staff-logs__tab"
    />
  );
}
