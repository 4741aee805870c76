import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { accountApi } from '../../../../shared/contract/account';
import { DELETION_BLOCKERS, deleteAccountSchema, type DeletionBlocker } from '../../../../shared/schemas/account';
import { ApiError } from '../../api/client';
import { downloadFile } from '../../api/download';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { useSession } from '../../app/session/use-session';
import { ConfirmDialog } from '../../ui/dialogs/confirm-dialog';
import { useDialogs } from '../../ui/dialogs/dialog-context';
import { FieldError, TextField } from '../../ui/form-field';
import { FormAlert } from '../../ui/form-alert';
import { errorText, setServerFieldErrors } from '../../ui/forms/server-field-errors';
import { apiAlertKey } from './account-errors';
import { useDeletionBlockers } from './api/get-deletion-check';
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

type DeleteValues = { currentPassword?: string; confirm: boolean };
type DeleteBody = z.output<typeof deleteAccountSchema>;

function DeleteCard({ hasPassword }: { hasPassword: boolean }) {
  const { t, i18n } = useTranslation();
  const api = useAuthedApi();
  const { logout } = useSession();
  const dialogs = useDialogs();
  const checked = useDeletionBlockers();
  // A refusal's answer (something started meanwhile) stands in for the check.
  const [refusedBy, setBlockers] = useState<DeletionBlocker[] | null>(null);
  const blockers = refusedBy ?? checked;
  // An account made through Discord has no password to give: the field is neither shown nor sent.
  const form = useForm<DeleteValues, unknown, DeleteBody>({
    // The box starts unticked: the schema's `true` is what it must become.
    resolver: zodResolver(deleteAccountSchema) as unknown as Resolver<DeleteValues, unknown, DeleteBody>,
    defaultValues: hasPassword ? { currentPassword: '', confirm: false } : { confirm: false },
  });
  const {
    register,
    formState: { errors },
  } = form;
  // The checked answer waits for the dialog's confirmation.
  const [confirming, setConfirming] = useState<DeleteBody | null>(null);
  const [busy, setBusy] = useState(false);
  const [alertKey, setAlertKey] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((body) => setConfirming(body));

  async function remove(body: DeleteBody) {
    setBusy(true);
    setAlertKey(null);
    try {
      await api.call(accountApi.deleteAccount, { body });
      // The session is gone on the server: leave as a visitor, with the confirmation on the way by mail.
      await dialogs.alert(t('settings.deleted'));
      logout();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && isBlocker(error.error)) {
        // Something started meanwhile (an order, a server): the list says what.
        setBlockers([error.error]);
      } else {
        setServerFieldErrors(form, error, i18n, { fallback: 'register.errorform' });
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
              {...register('currentPassword')}
              error={errorText(t, errors.currentPassword)}
            />
          )}
          <div className="field">
            <label className="checkbox-line">
              <input
                type="checkbox"
                {...register('confirm')}
                aria-invalid={errors.confirm ? true : undefined}
                aria-describedby={errors.confirm ? 'delete-confirm-error' : undefined}
              />
              <span>{t('settings.deleteCheck')}</span>
            </label>
            {errors.confirm && <FieldError id="delete-confirm-error">{errorText(t, errors.confirm)}</FieldError>}
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
          onConfirm={() => void remove(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </AccountCard>
  );
}

const isBlocker = (code: string): code is DeletionBlocker => (DELETION_BLOCKERS as readonly string[]).includes(code);
