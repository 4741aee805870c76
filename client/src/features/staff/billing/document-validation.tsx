import { useTranslation } from 'react-i18next';
import type { DocumentValidationDto } from '../../../../../shared/schemas/billing-documents';

interface Props {
  validation: DocumentValidationDto | null;
  /** Whether the list of errors (DocumentErrors, in the row below) is shown. */
  open: boolean;
  onToggle: () => void;
  /** The id of that list. */
  errorsId: string;
}

/**
 * What the official e-invoice checks said about a document's UBL: valid, its errors (a button
 * shows each broken rule and its message below the row), not checked (no rules installed), or
 * not made yet.
 */
export function DocumentValidation({ validation, open, onToggle, errorsId }: Props) {
  const { t } = useTranslation();
  if (!validation) {
    return <span className="staff-status document-check document-check--unchecked">{t('staff.billing.documents.validation.pending')}</span>;
  }
  if (validation.valid === null) {
    // Issued while this server had no official rules: say why, and what to do (the note above the table says more).
    return (
      <span className="staff-row__stack" title={t('staff.billing.documents.validation.uncheckedWhy')}>
        <span className="staff-status document-check document-check--unchecked">{t('staff.billing.documents.validation.unchecked')}</span>
        <span className="staff-row__secondary">{t('staff.billing.documents.validation.uncheckedShort')}</span>
      </span>
    );
  }
  const warnings =
    validation.warnings > 0 ? (
      <span className="staff-row__secondary">{t('staff.billing.documents.validation.warnings', { count: validation.warnings })}</span>
    ) : null;
  return (
    <span className="staff-row__stack">
      <span className={`staff-status document-check document-check--${validation.valid ? 'valid' : 'invalid'}`}>
        {validation.valid
          ? t('staff.billing.documents.validation.valid')
          : t('staff.billing.documents.validation.invalid', { count: validation.errors.length })}
      </span>
      {warnings}
      {!validation.valid && validation.errors.length > 0 && (
        <button
          type="button"
          className="button button--secondary button--small document-check__toggle"
          aria-expanded={open}
          aria-controls={errorsId}
          onClick={onToggle}
        >
          {open ? t('staff.billing.documents.validation.hide') : t('staff.billing.documents.validation.show')}
        </button>
      )}
    </span>
  );
}

/** The broken rules of a document, each with its message: a row of its own under the document's. */
export function DocumentErrors({
  validation,
  id,
  columns,
  open,
}: {
  validation: DocumentValidationDto;
  id: string;
  columns: number;
  open: boolean;
}) {
  return (
    <tr className="staff-row document-errors" id={id} hidden={!open}>
      <td colSpan={columns}>
        <ul className="document-check__errors">
          {validation.errors.map((error, i) => (
            <li key={`${error.rule}-${i}`}>
              <code className="document-check__rule">{error.rule}</code> {error.message}
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}
