import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { staffBillingApi } from '../../../../../shared/contract/staff-billing';
import { DOCUMENT_KIND_FILTERS, type BillingDocumentDto, type DocumentFormat } from '../../../../../shared/schemas/billing-documents';
import { FIRST_DAY, LAST_DAY } from '../../../../../shared/schemas/calendar-day';
import { urlOf } from '../../../api/call';
import { ApiError } from '../../../api/client';
import { DOCUMENT_COLUMNS, DocumentRow } from './document-row';
import { ExportForm } from './export-form';
import { NO_DOCUMENT_FILTERS, useBillingDocuments, type DocumentFilters } from './api/get-billing-documents';
import { useStaffDownload } from './use-staff-download';
import { useDialogs } from '../../../ui/dialogs/dialog-context';
import '../../../styles/staff-products.css'; // the filter bar

const fileKey = (id: number, format: DocumentFormat) => `${id}:${format}`;
import { StaffLoadMore } from '../staff-load-more';
import { ListState } from '../../../ui/list-state';
export const documentFileName = (doc: Pick<BillingDocumentDto, 'number'>, format: DocumentFormat) =>
  `${doc.number.replace(/[^A-Za-z0-9._-]/g, '_')}.${format === 'ubl' ? 'xml' : 'pdf'}`;

/**
 * Billing's 'Documents': the accountant's export, then the invoices and credit notes issued, by
 * kind and period, 50 a page, each with its e-invoice check and its PDF and UBL.
 */
export function DocumentsView() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const filters = useForm<DocumentFilters>({ defaultValues: NO_DOCUMENT_FILTERS });
  // The list follows the filters applied with 'Filtrer', not each change.
  const [applied, setApplied] = useState<DocumentFilters>(NO_DOCUMENT_FILTERS);
  const { state, loadingMore, loadMore } = useBillingDocuments(applied);
  const { busy, download } = useStaffDownload();

  // A new object even when unchanged: 'Filtrer' also reads again.
  const apply = filters.handleSubmit((typed) => setApplied({ ...typed }));

  async function fetchFile(doc: BillingDocumentDto, format: DocumentFormat) {
    try {
      const url = urlOf(staffBillingApi.documentFile, { params: { id: String(doc.id) }, query: { format } });
      await download(fileKey(doc.id, format), url, documentFileName(doc, format));
    } catch (error) {
      // 401: the staff token expired and the password screen is back; nothing to say here.
      if (!(error instanceof ApiError && error.status === 401)) void dialogs.alert(t('staff.billing.documents.downloadError'));
    }
  }

  return (
    <>
      <ExportForm />
      <h2 className="billing-documents__title">{t('staff.billing.documents.title')}</h2>
      <p className="billing-documents__intro">{t('staff.billing.documents.intro')}</p>
      <form className="staff-filters" onSubmit={(event) => void apply(event)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="billing-documents-kind">
            {t('staff.billing.documents.filters.kind')}
          </label>
          <select id="billing-documents-kind" className="select" {...filters.register('kind')}>
            {DOCUMENT_KIND_FILTERS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`staff.billing.documents.filters.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        {(['from', 'to'] as const).map((name) => (
          <div key={name} className="field">
            <label className="field__label" htmlFor={`billing-documents-${name}`}>
              {t(`staff.billing.documents.filters.${name}`)}
            </label>
            <input
              id={`billing-documents-${name}`}
              className="input"
              type="date"
              min={FIRST_DAY}
              max={LAST_DAY}
              {...filters.register(name)}
            />
          </div>
        ))}
        <button type="submit" className="button button--secondary">
          {t('staff.billing.documents.filters.apply')}
        </button>
      </form>
      <ListState
        state={state}
        loading={t('staff.billing.documents.loading')}
        failed={t('staff.billing.documents.errorload')}
        isEmpty={(ready) => ready.items.length === 0}
        empty={t('staff.billing.documents.empty')}
      >
        {(ready) => (
          <>
            {ready.items.some((doc) => doc.validation?.valid === null) && (
              <p className="billing-documents__unchecked" role="note">
                {t('staff.billing.documents.validation.uncheckedWhy')}
              </p>
            )}
            <table className="staff-table billing-table billing-documents">
              <caption className="visually-hidden">{t('staff.billing.documents.caption')}</caption>
              <thead>
                <tr>
                  {DOCUMENT_COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {t(`staff.billing.documents.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ready.items.map((doc) => (
                  <DocumentRow
                    key={doc.id}
                    document={doc}
                    downloading={(format) => busy.has(fileKey(doc.id, format))}
                    onDownload={(d, format) => void fetchFile(d, format)}
                  />
                ))}
              </tbody>
            </table>
            {ready.hasMore && (
              <StaffLoadMore
                loading={loadingMore}
                onClick={loadMore}
                label={t('staff.billing.documents.loadMore')}
                loadingLabel={t('staff.billing.documents.loadingMore')}
              />
            )}
          </>
        )}
      </ListState>
    </>
  );
}
