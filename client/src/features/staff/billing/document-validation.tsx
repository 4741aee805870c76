import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentValidationDto } from '../../../../../shared/schemas/billing-documents';

/**
 * What the official e-invoice checks said about a document's UBL: valid, its errors (a button
 * shows each broken rule and its message), or not checked (no rules installed, or not made yet).
 */
export function DocumentValidation({ validation }: { validation: DocumentValidationDto | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!validation || validation.valid === null) {
    return (
      <span className="staff-status document-check document-check--unchecked">
        {validation ? t('staff.billing.documents.validation.unchecked') : t('staff.billing.documents.validation.pending')}
      </span>
    );
  }
  const warnings =
    validation.warnings > 0 ? (
      <span className="staff-row__secondary">{t('staff.billing.documents.validation.warnings', { count: validation.warnings })}</span>
    ) : null;
  if (validation.valid) {
    return (
      <span className="staff-row__stack">
        <span className="staff-status document-check document-check--valid">{t('staff.billing.documents.validation.valid')}</span>
        {warnings}
      </span>
    );
  }
  return (
    <span className="staff-row__stack">
      <span className="staff-status document-check document-check--invalid">
        {t('staff.billing.documents.validation.invalid', { count: validation.errors.length })}
      </span>
      {warnings}
      {validation.errors.length > 0 && (
        <button
          type="button"
          className="button button--ghost button--small document-check__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((now) => !now)}
        >
          {open ? t('staff.billing.documents.validation.hide') : t('staff.billing.documents.validation.show')}
        </button>
      )}
      <ul id={listId} className="document-check__errors" hidden={!open}>
        {validation.errors.map((error, i) => (
          <li key={`${error.rule}-${i}`}>
            <code className="document-check__rule">{error.rule}</code> {error.message}
          </li>
        ))}
      </ul>
    </span>
  );
}
