import { useTranslation } from 'react-i18next';
import type { CreditNoteDto, DocumentFormat } from '../../../../shared/schemas/billing-documents';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { FormAlert } from '../../ui/form-alert';
import { useLanguage } from '../../ui/use-language';
import { formatDate } from './format-date';
import { DownloadIcon } from './invoice-row';
import { creditNoteFileName, creditNoteFileUrl } from './panel-api';
import { useCreditNotes } from './api/get-credit-notes';
import { downloadKey, useFileDownloads } from './use-file-downloads';

const FORMATS: readonly DocumentFormat[] = ['pdf', 'ubl'];

/**
 * 'Notes de crédit', below the invoices: each credit note with the invoice it corrects, the amount
 * credited, and its PDF and UBL. Nothing at all for a customer who has none (most of them).
 */
export function CreditNotesSection() {
  const { t } = useTranslation();
  const { state, hasMore, loadMore, loadingMore, moreFailed } = useCreditNotes();
  const { downloading, download } = useFileDownloads('panel.creditNotes.downloadError');

  if (state.status === 'loading') return null;
  // Not a live region: the invoices above already announce a failing server; this one retries in 10 s.
  if (state.status === 'failed') return <p className="panel-stale credit-notes__failed">{t('panel.creditNotes.errorload')}</p>;
  if (state.data.length === 0) return null;
  return (
    <section className="credit-notes" aria-labelledby="credit-notes-title">
      <h2 id="credit-notes-title" className="credit-notes__title">
        {t('panel.creditNotes.title')}
      </h2>
      <p className="credit-notes__intro">{t('panel.creditNotes.intro')}</p>
      {state.stale && <p className="panel-stale">{t('panel.creditNotes.refreshFailed')}</p>}
      <table className="invoice-table credit-note-table">
        <caption className="visually-hidden">{t('panel.creditNotes.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('panel.creditNotes.number')}</th>
            <th scope="col">{t('panel.creditNotes.date')}</th>
            <th scope="col">{t('panel.creditNotes.invoice')}</th>
            <th scope="col" className="invoice-table__amount">
              {t('panel.creditNotes.amount')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('panel.creditNotes.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {state.data.map((note) => (
            <CreditNoteRow
              key={note.id}
              note={note}
              downloading={(format) => downloading.has(downloadKey(note.id, format))}
              onDownload={(format) =>
                void download(downloadKey(note.id, format), creditNoteFileUrl(note.id, format), creditNoteFileName(note.number, format))
              }
            />
          ))}
        </tbody>
      </table>
      {moreFailed && <FormAlert tone="error">{t('panel.creditNotes.loadMoreFailed')}</FormAlert>}
      {hasMore && (
        <div className="panel-load-more">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void loadMore()}
            disabled={loadingMore}
            aria-busy={loadingMore}
          >
            {loadingMore && <span className="spinner" aria-hidden="true" />}
            {t('panel.creditNotes.loadMore')}
          </button>
        </div>
      )}
    </section>
  );
}

interface RowProps {
  note: CreditNoteDto;
  downloading: (format: DocumentFormat) => boolean;
  onDownload: (format: DocumentFormat) => void;
}

function CreditNoteRow({ note, downloading, onDownload }: RowProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const numberId = `credit-note-${note.id}`;
  return (
    <tr className="invoice-row">
      <th scope="row" id={numberId} className="invoice-row__number" data-label={t('panel.creditNotes.number')}>
        {note.number}
      </th>
      <td className="invoice-row__date" data-label={t('panel.creditNotes.date')}>
        <time dateTime={note.issued_at}>{formatDate(note.issued_at, lng)}</time>
      </td>
      <td className="invoice-row__product" data-label={t('panel.creditNotes.invoice')}>
        <span className="invoice-row__product-body">
          <span>{note.invoice_number}</span>
          {note.reason && <span className="invoice-row__note">{t('panel.creditNotes.reason', { reason: note.reason })}</span>}
        </span>
      </td>
      <td className="invoice-table__amount" data-label={t('panel.creditNotes.amount')}>
        {formatMoney(note.total_cents, note.currency, lng)}
      </td>
      <td className="invoice-row__actions">
        <div className="invoice-row__buttons">
          {FORMATS.map((format) => {
            const busy = downloading(format);
            return (
              <button
                key={format}
                type="button"
                className={`button button--secondary button--small${format === 'ubl' ? ' invoice-row__ubl' : ''}`}
                disabled={busy}
                aria-busy={busy || undefined}
                aria-describedby={numberId}
                title={format === 'ubl' ? t('panel.creditNotes.ublHint') : undefined}
                onClick={() => onDownload(format)}
              >
                {busy ? <span className="spinner" aria-hidden="true" /> : <DownloadIcon />}
                {busy ? t('panel.invoices.downloading') : t(`panel.creditNotes.download.${format}`)}
              </button>
            );
          })}
        </div>
      </td>
    </tr>
  );
}
