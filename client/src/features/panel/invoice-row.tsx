import { useTranslation } from 'react-i18next';
import type { DocumentFormat } from '../../../../shared/schemas/billing-documents';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { useLanguage } from '../../ui/use-language';
import { invoiceLabel } from './invoice-label';
import { OrderStatusBadge } from './order-status-badge';
import { RenewalNote } from './renewal-note';
import { orderLineName } from '../../ui/order-line-name';

interface Props {
  order: CustomerOrderDto;
  /** This row's payment is being opened. */
  paying: boolean;
  /** Some payment is being opened: one at a time. */
  payDisabled: boolean;
  onPay: (orderId: number) => void;
  /** The wallet balance covers this invoice, in its currency. */
  walletCovers: boolean;
  /** This row's wallet payment is running. */
  walletPaying: boolean;
  onPayWithWallet: (order: CustomerOrderDto) => void;
  /** This row's PDF is being fetched. */
  downloading: boolean;
  /** This row's UBL is being fetched. */
  downloadingUbl: boolean;
  onDownload: (orderId: number, format: DocumentFormat) => void;
  /** This row's cancel is running. */
  cancelling: boolean;
  /** Asks to cancel an unpaid order (a confirm dialog first). */
  onCancel: (order: CustomerOrderDto) => void;
}

/** The note an unpaid row's download points to (InvoiceTable renders it once). */
export const PRO_FORMA_NOTE_ID = 'invoice-pro-forma-note';

/**
 * One invoice: number, date, product (with the due date of a renewal), total, status; its PDF
 * can be downloaded (and an issued invoice's UBL e-invoice), an unpaid one paid by Mollie or,
 * when the balance covers it, from the wallet.
 */
export function InvoiceRow(props: Props) {
  const { order, paying, payDisabled, onPay, walletCovers, walletPaying, onPayWithWallet, downloading, downloadingUbl, onDownload } = props;
  const { cancelling, onCancel } = props;
  const { t } = useTranslation();
  const lng = useLanguage();
  const numberId = `invoice-${order.id}`;
  const date = new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(new Date(order.created_at));
  const dateTime = (iso: string) => new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const waitingTransfer = order.status === 'unpaid' && order.payment_method === 'bank_transfer';
  // A transfer the customer says is on its way: a second payment by Mollie would charge twice.
  const transferAnnounced = waitingTransfer && order.transfer_announced_at !== null;
  const payable = order.status === 'unpaid' && !transferAnnounced;
  // An order the customer placed and has not paid; a renewal invoice is not theirs to cancel.
  const cancellable = order.status === 'unpaid' && order.due_at === null;

  return (
    <tr className="invoice-row">
      <th scope="row" id={numberId} className="invoice-row__number" data-label={t('panel.invoices.number')}>
        {invoiceLabel(order)}
      </th>
      <td className="invoice-row__date" data-label={t('panel.invoices.date')}>
        <time dateTime={order.created_at}>{date}</time>
      </td>
      <td className="invoice-row__product" data-label={t('panel.invoices.product')}>
        <span className="invoice-row__product-body">
          <span>{order.lines[0] ? orderLineName(order.lines[0]) : '—'}</span>
          <RenewalNote order={order} />
        </span>
      </td>
      <td className="invoice-table__amount" data-label={t('panel.invoices.total')}>
        {formatMoney(order.total_cents, order.currency, lng)}
      </td>
      <td className="invoice-row__status" data-label={t('panel.invoices.status')}>
        <OrderStatusBadge order={order} />
        {waitingTransfer && order.transfer_reference && (
          <span className="invoice-row__note">{t('panel.invoices.transferReference', { reference: order.transfer_reference })}</span>
        )}
        {transferAnnounced && <span className="invoice-row__note">{t('panel.invoices.transferAnnounced')}</span>}
        {order.invoice_number && order.invoice_peppol_id && (
          <span className="invoice-row__note" title={t('panel.invoices.peppolHint', { peppolId: order.invoice_peppol_id })}>
            {t('panel.invoices.peppol')}
          </span>
        )}
        {order.reserved_until && (
          <span className="invoice-row__note">{t('panel.invoices.reservedUntil', { date: dateTime(order.reserved_until) })}</span>
        )}
        {order.refund ? (
          <span className="invoice-row__note">
            {t('panel.invoices.refundedNote', {
              amount: formatMoney(order.refund.amount_cents, order.currency, lng),
              destination: t(`refundDestination.${order.refund.to}`),
            })}
          </span>
        ) : (
          order.cancel_reason &&
          order.cancel_reason !== 'refunded' && (
            <span className="invoice-row__note">{t(`panel.invoices.cancelReason.${order.cancel_reason}`)}</span>
          )
        )}
      </td>
      <td className="invoice-row__actions">
        <div className={`invoice-row__buttons${payable && walletCovers ? ' invoice-row__buttons--wallet' : ''}`}>
          {/* Same label for every row: before payment the server makes a pro forma, the note says so. */}
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={downloading}
            aria-busy={downloading || undefined}
            aria-describedby={order.status === 'unpaid' ? `${numberId} ${PRO_FORMA_NOTE_ID}` : numberId}
            title={order.status === 'unpaid' ? t('panel.invoices.proForma') : undefined}
            onClick={() => onDownload(order.id, 'pdf')}
          >
            {downloading ? <span className="spinner" aria-hidden="true" /> : <DownloadIcon />}
            {downloading ? t('panel.invoices.downloading') : t('panel.invoices.download')}
          </button>
          {/* Only an issued invoice has an e-invoice: a pro forma is no invoice. */}
          {order.invoice_number !== null && (
            <button
              type="button"
              className="button button--secondary button--small invoice-row__ubl"
              disabled={downloadingUbl}
              aria-busy={downloadingUbl || undefined}
              aria-describedby={numberId}
              title={t('panel.invoices.ublHint')}
              onClick={() => onDownload(order.id, 'ubl')}
            >
              {downloadingUbl ? <span className="spinner" aria-hidden="true" /> : <DownloadIcon />}
              {downloadingUbl ? t('panel.invoices.downloading') : t('panel.invoices.downloadUbl')}
            </button>
          )}
          {payable && (
            <button
              type="button"
              className="button button--primary button--small"
              disabled={payDisabled}
              aria-busy={paying || undefined}
              aria-describedby={numberId}
              onClick={() => onPay(order.id)}
            >
              {paying && <span className="spinner" aria-hidden="true" />}
              {paying ? t('panel.invoices.paying') : t('panel.invoices.pay')}
            </button>
          )}
          {payable && walletCovers && (
            <button
              type="button"
              className="button button--secondary button--small invoice-row__wallet-pay"
              disabled={payDisabled}
              aria-busy={walletPaying || undefined}
              aria-describedby={numberId}
              onClick={() => onPayWithWallet(order)}
            >
              {walletPaying && <span className="spinner" aria-hidden="true" />}
              {walletPaying ? t('panel.wallet.paying') : t('panel.wallet.pay')}
            </button>
          )}
          {cancellable && (
            <button
              type="button"
              className="button button--secondary button--small invoice-row__cancel"
              disabled={cancelling || payDisabled}
              aria-busy={cancelling || undefined}
              aria-describedby={numberId}
              onClick={() => onCancel(order)}
            >
              {cancelling && <span className="spinner" aria-hidden="true" />}
              {cancelling ? t('panel.invoices.cancelOrder.cancelling') : t('panel.invoices.cancelOrder.button')}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

export function DownloadIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="M8 2.5v7.5m-3-3 3 3 3-3M3 12.5h10"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
