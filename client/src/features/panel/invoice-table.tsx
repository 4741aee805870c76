import { useTranslation } from 'react-i18next';
import type { DocumentFormat } from '../../../../shared/schemas/billing-documents';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { InvoiceRow, PRO_FORMA_NOTE_ID } from './invoice-row';
import { downloadKey } from './use-file-downloads';

interface Props {
  orders: readonly CustomerOrderDto[];
  /** The invoice whose Mollie payment is being opened. */
  payingId: number | null;
  onPay: (orderId: number) => void;
  /** Whether the wallet can pay an invoice (currency and balance). */
  walletCovers: (order: CustomerOrderDto) => boolean;
  /** The invoice being paid from the wallet. */
  walletPayingId: number | null;
  onPayWithWallet: (order: CustomerOrderDto) => void;
  /** The files being fetched: downloadKey(orderId, format). */
  downloading: ReadonlySet<string>;
  onDownload: (orderId: number, format: DocumentFormat) => void;
  /** The order being cancelled. */
  cancellingId: number | null;
  onCancel: (order: CustomerOrderDto) => void;
}

/** The invoices, newest first: a table on wide screens, one card per row below 768 px (CSS only). */
export function InvoiceTable(props: Props) {
  const { orders, payingId, onPay, walletCovers, walletPayingId, onPayWithWallet, downloading, onDownload, cancellingId, onCancel } = props;
  // One payment at a time, whichever way: every pay button waits while one is opening.
  const anyPaying = payingId !== null || walletPayingId !== null;
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
              payDisabled={anyPaying}
              onPay={onPay}
              walletCovers={walletCovers(order)}
              walletPaying={walletPayingId === order.id}
              onPayWithWallet={onPayWithWallet}
              downloading={downloading.has(downloadKey(order.id, 'pdf'))}
              downloadingUbl={downloading.has(downloadKey(order.id, 'ubl'))}
              onDownload={onDownload}
              cancelling={cancellingId === order.id}
              onCancel={onCancel}
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
