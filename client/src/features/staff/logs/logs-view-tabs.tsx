import { useTranslation } from 'react-i18next';
import { TabList } from '../../../ui/tab-list';

export type LogsView = 'actions' | 'mails';

const VIEWS: readonly { id: LogsView; label: string }[] = [
  { id: 'actions', label: 'staff.logs.viewActions' },
  { id: 'mails', label: 'staff.logs.viewMails' },
];

export const logsTabId = (view: LogsView) => `staff-logs-tab-${view}`;
export const logsPanelId = (view: LogsView) => `staff-logs-panel-${view}`;

/**
 * The Logs page's two views as an ARIA tablist (arrows, Home and End move between them). The
 * mails view is read only when opened.
 */
export function LogsViewTabs({ selected, onSelect }: { selected: LogsView; onSelect: (view: LogsView) => void }) {
  const { t } = useTranslation();
  return (
    <TabList
      label={t('staff.logs.views')}
      tabs={VIEWS.map((view) => ({ id: view.id, label: t(view.label) }))}
      selected={selected}
      onSelect={onSelect}
      tabIdOf={logsTabId}
      panelIdOf={logsPanelId}
      className="staff-logs__tabs"
      tabClassName="staff-logs__tab"
    />
  );
}
