import { useTranslation } from 'react-i18next';
import { TabList } from '../../../ui/tab-list';

/**
 * Billing's views: the orders to collect, the payments in an unusual state, the documents issued
 * (invoices, credit notes, exports), their Peppol deliveries, the automatic renewals.
 */
export const BILLING_VIEWS = ['orders', 'payments', 'documents', 'einvoices', 'renewals'] as const;
export type BillingView = (typeof BILLING_VIEWS)[number];

export const billingTabId = (view: BillingView) => `staff-billing-tab-${view}`;
export const billingPanelId = (view: BillingView) => `staff-billing-panel-${view}`;

/** The views as an ARIA tablist (arrows, Home and End move between them); each view reads its data when opened. */
export function BillingViewTabs({ selected, onSelect }: { selected: BillingView; onSelect: (view: BillingView) => void }) {
  const { t } = useTranslation();
  return (
    <TabList
      label={t('staff.billing.views.label')}
      tabs={BILLING_VIEWS.map((id) => ({ id, label: t(`staff.billing.views.${id}`) }))}
      selected={selected}
      onSelect={onSelect}
      tabIdOf={billingTabId}
      panelIdOf={billingPanelId}
      className="staff-logs__tabs billing-view-tabs"
      tabClassName="staff-logs__tab"
    />
  );
}
