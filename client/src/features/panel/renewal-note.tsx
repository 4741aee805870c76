import { useTranslation } from 'react-i18next';
import { addDays, SUSPEND_AFTER_DAYS } from '../../../../shared/billing/service-period';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { useLanguage } from '../../ui/use-language';
import { formatDate } from './format-date';

/**
 * Under a renewal invoice's product: its due date, or once paid until when it extended the service. Unpaid past it, the date the server will be
 * suspended (the billing rule: SUSPEND_AFTER_DAYS after the due date), or that it is, until paid.
 */
export function RenewalNote({ order, now = new Date() }: { order: CustomerOrderDto; now?: Date }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  if (!order.due_at) return null;
  // Paid: what the customer wants to know is until when the server now runs.
  if (order.renewed_until) {
    return (
      <span className="invoice-row__note">{t('panel.invoices.renewal.extended', { date: formatDate(order.renewed_until, lng) })}</span>
    );
  }
  const due = new Date(order.due_at);
  const date = formatDate(order.due_at, lng);
  if (order.status !== 'unpaid' || now < due) {
    return <span className="invoice-row__note">{t('panel.invoices.renewal.due', { date })}</span>;
  }
  const suspendAt = addDays(due, SUSPEND_AFTER_DAYS);
  return (
    <span className="invoice-row__note invoice-row__note--overdue">
      {now < suspendAt
        ? t('panel.invoices.renewal.overdue', { date, suspendDate: formatDate(suspendAt.toISOString(), lng) })
        : t('panel.invoices.renewal.suspended', { date })}
    </span>
  );
}
