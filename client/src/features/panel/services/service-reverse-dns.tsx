import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { serviceReverseDnsSchema, type ServiceDto, type ServiceReverseDnsInput } from '../../../../../shared/schemas/services';
import { ApiError } from '../../../api/client';
import { FormAlert } from '../../../ui/form-alert';
import { TextField } from '../../../ui/form-field';
import { errorText, setServerFieldErrors } from '../../../ui/forms/server-field-errors';
import { SubmitButton } from '../../../ui/submit-button';
import { useSetReverseDns } from '../api/set-reverse-dns';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** A VPS's reverse DNS (issue 33): the name its address answers with; OVH's refusal explained. */
export function ServiceReverseDns({ service }: { service: ServiceDto }) {
  const { t } = useTranslation();
  const ip = service.connection && 'ip' in service.connection ? service.connection.ip : null;
  if (service.kind !== 'vps' || service.status !== 'active' || !ip) return null;
  return (
    <section className="service-rdns" aria-labelledby="service-rdns-title">
      <h3 id="service-rdns-title" className="service-rdns__title">
        {t('services.rdns.title')}
      </h3>
      <p className="service-rdns__intro">{t('services.rdns.intro', { ip })}</p>
      <p className="service-rdns__current">
        {service.reverseDns ? t('services.rdns.current', { name: service.reverseDns }) : t('services.rdns.none')}
      </p>
      <ReverseDnsForm serviceId={service.id} ip={ip} current={service.reverseDns} />
    </section>
  );
}

function ReverseDnsForm({ serviceId, ip, current }: { serviceId: number; ip: string; current: string | null }) {
  const { t, i18n } = useTranslation();
  const save = useSetReverseDns(serviceId);
  const form = useForm<ServiceReverseDnsInput>({
    resolver: zodResolver(serviceReverseDnsSchema),
    defaultValues: { ip, reverse: current ?? '' },
  });
  const [notice, setNotice] = useState<Notice>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    setNotice(null);
    try {
      const { service } = await save.mutateAsync({ ip, reverse: body.reverse });
      setNotice({ tone: 'success', text: t('services.rdns.done', { ip, name: service.reverseDns ?? '' }) });
    } catch (error) {
      // OVH's refusal (the name must resolve to the address first) is a field error with its own text.
      if (setServerFieldErrors(form, error, i18n, { fallback: 'services.rdns.error' })) return;
      setNotice({
        tone: 'error',
        text: t(error instanceof ApiError && error.status === 502 ? 'services.reinstall.unavailable' : 'services.rdns.error'),
      });
    }
  });

  return (
    <form className="service-rdns__form" noValidate onSubmit={onSubmit}>
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <TextField
        id="service-rdns-name"
        label={t('services.rdns.name')}
        hint={t('services.rdns.hint', { ip })}
        required
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="off"
        {...form.register('reverse')}
        error={errorText(t, form.formState.errors.reverse)}
      />
      <SubmitButton busy={form.formState.isSubmitting} busyLabel={t('services.rdns.saving')} className="service-rdns__submit">
        {t('services.rdns.submit')}
      </SubmitButton>
    </form>
  );
}
