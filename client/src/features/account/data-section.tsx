import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../../../shared/contract/account';
import { DELETION_BLOCKERS, type DeletionBlocker } from '../../../../shared/schemas/account';
import { ApiError } from '../../api/client';
import { downloadFile } from '../../api/download';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { useSession } from '../../app/session/use-session';
import { ConfirmDialog } from '../../ui/dialogs/confirm-dialog';
import { useDialogs } from '../../ui/dialogs/dialog-context';
import { FieldError, TextField } from '../../ui/form-field';
import { FormAlert } from '../../ui/form-alert';
import { apiAlertKey, apiFieldErrors } from './account-errors';
import { AccountCard } from './account-shell';

/** "Your data": the export (JSON and the documents' PDFs in a zip), and deleting the account. */
export function DataSection({ hasPassword }: { hasPassword: boolean }) {
  return (
    <>
      <ExportCard />
      <DeleteCard hasPassword={hasPassword} />
    </>
  );
}

function ExportCard() {
  const { t } = useTranslation();
  const { token } = useAuthedApi();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download() {
    setBusy(true);
    setFailed(false);
    try {
      await downloadFile(accountApi.exportData.path, `my-data-${new Date().toISOString().slice(0, 10)}.zip`, { token });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountCard id="data-title" title={t('settings.dataTitle')} intro={t('settings.dataIntro')}>
      {failed && <FormAlert tone="error">{t('settings.exportError')}</FormAlert>}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void download()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {busy ? t('settings.exporting') : t('settings.exportButton')}
      </button>
    </AccountCard>
  );
}

function DeleteCard({ hasPassword }: { hasPassword: boolean }) {
  const { t, i18n } = useTranslation();
  const api = useAuthedApi();
  const { logout } = useSession();
  const dialogs = useDialogs();
  const [blockers, setBlockers] = useState<DeletionBlocker[] | null>(null);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alertKey, setAlertKey] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api
      .call(accountApi.deletionCheck, {}, { signal: controller.signal })
      .then((answer) => setBlockers(answer.blockers))
      .catch(() => !controller.signal.aborted && setBlockers([]));
    return () => controller.abort();
  }, [api]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (hasPassword && !password) next.currentPassword = 'account.errorcurrentrequired';
    if (!understood) next.confirm = 'account.deletion.errorconfirm';
    setErrors(next);
    if (Object.keys(next).length === 0) setConfirming(true);
  }

  async function remove() {
    setBusy(true);
    setAlertKey(null);
    try {
      await api.call(accountApi.deleteAccount, { body: { confirm: true, ...(hasPassword && { currentPassword: password }) } });
      // The session is gone on the server: leave as a visitor, with the confirmation on the way by mail.
      await dialogs.alert(t('settings.deleted'));
      logout();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && isBlocker(error.error)) {
        // Something started meanwhile (an order, a server): the list says what.
        setBlockers([error.error]);
      } else {
        setErrors(apiFieldErrors(error, i18n));
        setAlertKey(apiAlertKey(error));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountCard id="delete-title" title={t('settings.deleteTitle')} intro={t('settings.deleteIntro')} tone="danger">
      <p className="account-muted">{t('settings.deleteWallet')}</p>
      {blockers === null && (
        <p className="status-line" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('settings.deleteChecking')}
        </p>
      )}
      {blockers && blockers.length > 0 && (
        <FormAlert tone="info">
          <p>{t('settings.deleteBlocked')}</p>
          <ul className="account-blockers">
            {blockers.map((code) => (
              <li key={code}>{t(`account.deletion.blockers.${code}`)}</li>
            ))}
          </ul>
        </FormAlert>
      )}
      {alertKey && <FormAlert tone="error">{t(alertKey)}</FormAlert>}
      {blockers && blockers.length === 0 && (
        <form className="account-form account-form--compact" onSubmit={onSubmit} noValidate aria-labelledby="delete-title">
          {hasPassword && (
            <TextField
              id="delete-currentPassword"
              label={t('settings.currentPassword')}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.currentPassword ? t(errors.currentPassword) : undefined}
            />
          )}
          <div className="field">
            <label className="checkbox-line">
              <input
                type="checkbox"
                checked={understood}
                onChange={(e) => setUnderstood(e.target.checked)}
                aria-invalid={errors.confirm ? true : undefined}
                aria-describedby={errors.confirm ? 'delete-confirm-error' : undefined}
              />
              <span>{t('settings.deleteCheck')}</span>
            </label>
            {errors.confirm && <FieldError id="delete-confirm-error">{t(errors.confirm)}</FieldError>}
          </div>
          <button type="submit" className="button panel-button--danger account-form__submit" disabled={busy} aria-busy={busy || undefined}>
            {busy && <span className="spinner" aria-hidden="true" />}
            {busy ? t('settings.deleting') : t('settings.deleteButton')}
          </button>
        </form>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('settings.deleteDialogTitle')}
          text={t('settings.deleteDialogText')}
          confirmLabel={t('settings.deleteConfirm')}
          onConfirm={() => void remove()}
          onClose={() => setConfirming(false)}
        />
      )}
    </AccountCard>
  );
}

const isBlocker = (code: string): code is DeletionBlocker => (DELETION_BLOCKERS as readonly string[]).includes(code);
