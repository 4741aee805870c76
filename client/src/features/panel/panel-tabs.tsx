import { TabList, type TabItem } from '../../ui/tab-list';

export type { TabItem };

interface Props<Id extends string> {
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}

export const tabId = (id: string) => `panel-tab-${id}`;
export const tabPanelId = (id: string) => `panel-tabpanel-${id}`;

/** The panel's tabs ('Mes VPS', 'Mes Factures'). */
export function PanelTabs<Id extends string>(props: Props<Id>) {
  return <TabList {...props} tabIdOf={tabId} panelIdOf={tabPanelId} className="panel-tabs" tabClassName="panel-tabs__tab" />;
}
