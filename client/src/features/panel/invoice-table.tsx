import { useTranslation } from 'react-i18next';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { InvoiceRow, PRO_FORMA_NOTE_ID } from './invoice-row';

interface Props {
  orders: readonly CustomerOrderDto[];
  payingId: number | null;
  onPay: (orderId: number) => void;
  downloading: ReadonlySet<number>;
  onDownload: (orderId: number) => void;
}

/** The invoices, newest first: a table on wide screens, one card per row below 768 px (CSS only). */
export function InvoiceTable({ orders, payingId, onPay, downloading, onDownload }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <table className="invoice-table">
        <caption className="visually-hidden">{t('panel.invoices.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('panel.invoices.number')}</th>
            <th scope="col">{t('panel.invoices.date')}</th>
            <th scope="col">{t('panel.invoices.product')}</th>
            <th scope="col" className="invoice-table__amount">
              {t('panel.invoices.total')}
            </th>
            <th scope="col">{t('panel.invoices.status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('panel.invoices.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {/* Keyed by id: a refresh updates rows in place, the page neither jumps nor flickers. */}
          {orders.map((order) => (
            <InvoiceRow
              key={order.id}
              order={order}
              paying={payingId === order.id}
              payDisabled={payingId !== null}
              onPay={onPay}
              downloading={downloading.has(order.id)}
              onDownload={onDownload}
            />
          ))}
        </tbody>
      </table>
      {/* The description of unpaid rows' download buttons: read by screen readers, never shown. */}
      <p id={PRO_FORMA_NOTE_ID} hidden>
        {t('panel.invoices.proForma')}
      </p>
    </>
  );
}
