import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { serviceReinstallSchema, type ServiceDto, type ServiceReinstallInput } from '../../../../../shared/schemas/services';
import { ConfirmDialog } from '../../../ui/dialogs/confirm-dialog';
import { FormAlert } from '../../../ui/form-alert';
import { FormField } from '../../../ui/form-field';
import { errorText, setServerFieldErrors } from '../../../ui/forms/server-field-errors';
import { SubmitButton } from '../../../ui/submit-button';
import { useLanguage } from '../../../ui/use-language';
import { useSshKeys } from '../../../ui/ssh-keys/get-ssh-keys';
import { useReinstallService } from '../api/reinstall-service';
import { reinstallAlertKey } from './reinstall-errors';
import { ReinstallStatus } from './reinstall-status';

/**
 * A VPS's "Réinstaller le système" (issue 33): a system of the product and one of the account's SSH
 * keys, then a confirmation that says the disk is erased; the install is then followed on the page.
 */
export function ServiceReinstall({ service }: { service: ServiceDto }) {
  const { t } = useTranslation();
  if (service.kind !== 'vps' || service.osChoices.length === 0 || (service.status !== 'active' && !service.reinstall)) return null;
  return (
    <section className="service-reinstall" aria-labelledby="service-reinstall-title">
      <h3 id="service-reinstall-title" className="service-reinstall__title">
        {t('services.reinstall.title')}
      </h3>
      <p className="service-reinstall__intro">{t('services.reinstall.intro')}</p>
      {service.os && <p className="service-reinstall__current">{t('services.reinstall.current', { os: service.os.name })}</p>}
      {service.reinstall && <ReinstallStatus reinstall={service.reinstall} />}
      {service.status === 'active' && service.reinstall?.state !== 'installing' && <ReinstallForm service={service} />}
    </section>
  );
}

function ReinstallForm({ service }: { service: ServiceDto }) {
  const { t, i18n } = useTranslation();
  const lng = useLanguage();
  const keys = useSshKeys();
  const reinstall = useReinstallService(service.id);
  const form = useForm<ServiceReinstallInput>({
    resolver: zodResolver(serviceReinstallSchema),
    defaultValues: { os: service.os?.id ?? service.osChoices[0]!.id, sshKeyId: '' },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const [asking, setAsking] = useState<ServiceReinstallInput | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  if (!keys.data) return <p className="status-line">{keys.isError ? t('sshkeys.failed') : t('services.reinstall.keysLoading')}</p>;
  if (keys.data.sshKeys.length === 0) {
    return (
      <div className="service-reinstall__nokey">
        <p>{t('services.reinstall.noKey')}</p>
        <Link className="button button--secondary" to={`/${lng}/settings#ssh-keys-title`}>
          {t('services.reinstall.addKeyLink')}
        </Link>
      </div>
    );
  }

  const send = (body: ServiceReinstallInput) => {
    setAlert(null);
    reinstall.mutate(body, {
      onError: (error) => {
        setServerFieldErrors(form, error, i18n, { fallback: 'services.reinstall.error' });
        const key = reinstallAlertKey(error);
        if (key) setAlert(t(key));
      },
    });
  };
  const chosenOs = service.osChoices.find((os) => os.id === asking?.os)?.name ?? '';

  return (
    <form className="service-reinstall__form" noValidate onSubmit={form.handleSubmit((body) => setAsking(body))}>
      {alert && <FormAlert tone="error">{alert}</FormAlert>}
      <FormField id="reinstall-os" label={t('services.reinstall.os')} required error={errorText(t, errors.os)}>
        {(control) => (
          <select className="select" {...register('os')} {...control}>
            {service.osChoices.map((os) => (
              <option key={os.id} value={os.id}>
                {os.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id="reinstall-key"
        label={t('services.reinstall.key')}
        hint={t('services.reinstall.keyHint')}
        required
        error={errorText(t, errors.sshKeyId)}
      >
        {(control) => (
          <select className="select" {...register('sshKeyId')} {...control}>
            <option value="" disabled>
              —
            </option>
            {keys.data.sshKeys.map((key) => (
              <option key={key.id} value={String(key.id)}>
                {key.name} ({key.fingerprint.slice(0, 20)}…)
              </option>
            ))}
          </select>
        )}
      </FormField>
      <SubmitButton
        busy={reinstall.isPending}
        busyLabel={t('services.reinstall.submit')}
        className="service-reinstall__submit panel-button--danger"
      >
        {t('services.reinstall.submit')}
      </SubmitButton>
      {asking && (
        <ConfirmDialog
          title={t('services.reinstall.confirmTitle', { name: service.product.name })}
          text={t('services.reinstall.confirmText', { os: chosenOs })}
          confirmLabel={t('services.reinstall.confirm')}
          confirmTone="danger"
          onConfirm={() => send(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </form>
  );
}
