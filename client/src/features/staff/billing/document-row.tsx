import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../../shared/money/cart-totals';
import type { BillingDocumentDto, DocumentFormat } from '../../../../../shared/schemas/billing-documents';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';
import { DocumentErrors, DocumentValidation } from './document-validation';

const FORMATS: readonly DocumentFormat[] = ['pdf', 'ubl'];

/** The table's columns, in order. */
export const DOCUMENT_COLUMNS = ['number', 'date', 'customer', 'scheme', 'amount', 'validation', 'files'] as const;

interface Props {
  document: BillingDocumentDto;
  /** Whether this document's file in `format` is being fetched. */
  downloading: (format: DocumentFormat) => boolean;
  onDownload: (document: BillingDocumentDto, format: DocumentFormat) => void;
}

/** One issued document: N° (with its kind), Date, Client, Régime TVA, Montant, Validation, Fichiers; its errors on demand below. */
export function DocumentRow({ document: doc, downloading, onDownload }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const idCell = `billing-document-${doc.id}`;
  const money = (cents: number) => formatMoney(cents, doc.currency, lng);
  const [errorsOpen, setErrorsOpen] = useState(false);
  const errorsId = `billing-document-${doc.id}-errors`;
  return (
    <>
      <tr className="staff-row">
        <td id={idCell} data-label={t('staff.billing.documents.columns.number')} className="staff-row__id">
          <span className="staff-row__stack">
            <span className="staff-row__primary staff-row__nowrap">{doc.number}</span>
            <span className={`staff-status document-kind document-kind--${doc.kind}`}>{t(`staff.billing.documents.kind.${doc.kind}`)}</span>
            {doc.corrects_number && (
              <span className="staff-row__secondary">{t('staff.billing.documents.corrects', { number: doc.corrects_number })}</span>
            )}
            <span className="staff-row__secondary">{t('staff.billing.documents.order', { id: doc.order_id })}</span>
          </span>
        </td>
        <td data-label={t('staff.billing.documents.columns.date')} className="staff-row__nowrap">
          <time dateTime={doc.issued_at}>{formatDateTime(doc.issued_at, lng)}</time>
        </td>
        <td data-label={t('staff.billing.documents.columns.customer')} className="staff-row__wrap">
          <span className="staff-row__stack">
            <span className="staff-row__primary">{doc.customer_name}</span>
            <span className="staff-row__secondary">{doc.customer_email}</span>
            {doc.buyer_vat_number && <span className="staff-row__secondary staff-row__mono">{doc.buyer_vat_number}</span>}
          </span>
        </td>
        <td data-label={t('staff.billing.documents.columns.scheme')}>
          {t(`staff.billing.documents.schemes.${doc.vat_scheme}`, { defaultValue: doc.vat_scheme })}
        </td>
        <td data-label={t('staff.billing.documents.columns.amount')} className="staff-amount">
          <span className="staff-row__stack">
            <span>{money(doc.total_cents)}</span>
            <span className="staff-row__secondary">
              {t('staff.billing.documents.amounts', { net: money(doc.net_cents), tax: money(doc.tax_cents) })}
            </span>
          </span>
        </td>
        <td data-label={t('staff.billing.documents.columns.validation')}>
          <DocumentValidation
            validation={doc.validation}
            open={errorsOpen}
            onToggle={() => setErrorsOpen((now) => !now)}
            errorsId={errorsId}
          />
        </td>
        <td data-label={t('staff.billing.documents.columns.files')} className="staff-row__actions">
          {FORMATS.map((format) => {
            const busy = downloading(format);
            return (
              <button
                key={format}
                type="button"
                className="button button--secondary button--small"
                disabled={busy}
                aria-busy={busy || undefined}
                aria-describedby={idCell}
                onClick={() => onDownload(doc, format)}
              >
                {t(`staff.billing.documents.download.${format}`)}
              </button>
            );
          })}
        </td>
      </tr>
      {doc.validation?.valid === false && doc.validation.errors.length > 0 && (
        <DocumentErrors validation={doc.validation} id={errorsId} columns={DOCUMENT_COLUMNS.length} open={errorsOpen} />
      )}
    </>
  );
}
