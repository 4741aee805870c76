import { useTranslation } from 'react-i18next';
import { categoriesFor, parseCategoryId, type StaffArea } from '../../../../shared/staff/permissions';
import { areaOf, categoryLabelKey } from './staff-categories';
import { useStaff } from './staff-context';
import { BillingPage } from './billing/billing-page';
import { OrdersPage } from './orders/orders-page';
import { LogsPage } from './logs/logs-page';
import { ProductsAdminPage } from './products-admin/products-admin-page';
import { ProductForm } from './product/product-form';
import { StaffNotice } from './staff-notice';
import { TicketsPage } from './tickets/tickets-page';
import { UsersPage } from './users/users-page';
import { WelcomePanel } from './welcome-panel';

/**
 * What the URL's category shows. A category the role does not see is refused here too, not only
 * hidden from the sidebar: typing its URL gives the refusal, never the page (the server refuses
 * its calls anyway).
 */
export function CategoryContent({ category }: { category: string | undefined }) {
  const { t } = useTranslation();
  const { role } = useStaff();
  if (category === undefined) return <WelcomePanel />;
  const id = parseCategoryId(category);
  if (id === null) return <StaffNotice title={t('staff.forbidden.title')} text={t('staff.forbidden.unknown')} />;
  if (!categoriesFor(role).includes(id)) return <StaffNotice title={t('staff.forbidden.title')} text={t('staff.forbidden.text')} />;
  return <AreaPage area={areaOf(id)} />;
}

function AreaPage({ area }: { area: StaffArea }) {
  const { t } = useTranslation();
  switch (area) {
    case 'orders':
      return <OrdersPage />;
    case 'tickets':
      return <TicketsPage />;
    case 'users':
      return <UsersPage />;
    case 'billing':
      return <BillingPage />;
    case 'createProduct':
      return <ProductForm />;
    case 'products':
      return <ProductsAdminPage />;
    case 'logs':
      return <LogsPage />;
    default:
      // Spec §2 "Placeholder staff pages": an area without its page yet says 'à remplir plus tard'.
      return <StaffNotice title={t(categoryLabelKey(area))} text={t('staff.placeholder')} />;
  }
}
