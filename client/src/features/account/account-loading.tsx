import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../ui/form-alert';

/** While the account loads, or when it could not: a spinner line, or an alert and "try again". */
export function AccountLoading({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!failed) {
    return (
      <p className="status-line account-status" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('account.loading')}
      </p>
    );
  }
  return (
    <div className="account-card">
      <FormAlert tone="error">{t('account.errorload')}</FormAlert>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('account.retry')}
      </button>
    </div>
  );
}
