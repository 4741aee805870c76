import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../../shared/schemas/auth';
import { useSession } from '../../app/session/use-session';
import { InvoicesTab } from './invoices-tab';
import { usePanelTab, type PanelTab } from './panel-tab';
import { PanelLoggedOut } from './panel-logged-out';
import { PaymentMethodsTab } from './payment-methods-tab';
import { PanelTabs, tabId, tabPanelId, type TabItem } from './panel-tabs';
import { SessionsTab } from '../../ui/sessions/sessions-tab';
import { VpsTab } from './vps-tab';
import { ServicesTab } from './services/services-tab';
import '../../styles/forms.css';
import '../../styles/panel.css';
import '../../styles/vps.css';
import '../../styles/services.css';
import { PageTitle } from '../../ui/page-title';

/**
 * /{lng}/PanelCLient: the customer's servers, invoices and sessions, in tabs (spec §2 "Client panel");
 * 'Mes services' (issue 31) lists everything owned, game servers included, and ends a service.
 */
export function PanelPage() {
  const { user } = useSession();
  return user ? <ClientPanel user={user} /> : <PanelLoggedOut />;
}

function ClientPanel({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [tab, selectTab] = usePanelTab();
  // A tab's content is mounted the first time it is opened, then kept: switching back is instant
  // and the invoices go on refreshing, while a visit that never opens them does not load them.
  const [opened, setOpened] = useState(() => new Set([tab]));
  if (!opened.has(tab)) setOpened(new Set(opened).add(tab));
  const title = t('panel.title');
  const tabs: TabItem<PanelTab>[] = [
    { id: 'vps', label: t('panel.tabs.vps') },
    { id: 'services', label: t('panel.tabs.services') },
    { id: 'factures', label: t('panel.tabs.invoices') },
    { id: 'paiement', label: t('panel.tabs.payment') },
    { id: 'sessions', label: t('panel.tabs.sessions') },
  ];

  return (
    <div className="panel-page">
      <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
      <header className="panel-page__header">
        <h1 className="panel-page__title">{title}</h1>
        <p className="panel-page__intro">{t('panel.greeting', { name: user.fullName })}</p>
      </header>
      <div className="panel-card">
        <PanelTabs label={t('panel.tabsLabel')} tabs={tabs} selected={tab} onSelect={selectTab} />
        <TabPanel id="vps" hidden={tab !== 'vps'}>
          {opened.has('vps') && <VpsTab />}
        </TabPanel>
        <TabPanel id="services" hidden={tab !== 'services'}>
          {opened.has('services') && <ServicesTab />}
        </TabPanel>
        <TabPanel id="factures" hidden={tab !== 'factures'}>
          {opened.has('factures') && <InvoicesTab />}
        </TabPanel>
        <TabPanel id="paiement" hidden={tab !== 'paiement'}>
          {opened.has('paiement') && <PaymentMethodsTab />}
        </TabPanel>
        <TabPanel id="sessions" hidden={tab !== 'sessions'}>
          {opened.has('sessions') && <SessionsTab />}
        </TabPanel>
      </div>
    </div>
  );
}

function TabPanel({ id, hidden, children }: { id: PanelTab; hidden: boolean; children: ReactNode }) {
  return (
    <div className="panel-card__body" role="tabpanel" id={tabPanelId(id)} aria-labelledby={tabId(id)} tabIndex={0} hidden={hidden}>
      {children}
    </div>
  );
}
