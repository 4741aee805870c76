import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { manualGameDeliverySchema } from '../../../../../shared/schemas/staff/deliveries';
import { FormAlert } from '../../../ui/form-alert';
import { TextField } from '../../../ui/form-field';
import { setServerFieldErrors } from '../../../ui/forms/server-field-errors';
import { SubmitButton } from '../../../ui/submit-button';
import { useDeliverGameByHand } from './api/deliver-game-by-hand';

type Typed = z.input<typeof manualGameDeliverySchema>;
type Sent = z.output<typeof manualGameDeliverySchema>;

/**
 * A game server the agent made on the panel by hand: its address and port (what the customer's
 * players connect to). The shared schema checks them; each field says its own rule.
 */
export function ManualGameForm({ serviceId }: { serviceId: number }) {
  const { t, i18n } = useTranslation();
  const deliver = useDeliverGameByHand(serviceId);
  const [failed, setFailed] = useState(false);
  const form = useForm<Typed, unknown, Sent>({ resolver: zodResolver(manualGameDeliverySchema), defaultValues: { host: '', port: '' } });
  const {
    register,
    formState: { errors },
  } = form;
  const id = (field: keyof Typed) => `delivery-${serviceId}-${field}`;

  const onSubmit = form.handleSubmit((values) => {
    setFailed(false);
    deliver.mutate(values, {
      onError: (error) => {
        // A field the server refused is marked on it; anything else says it failed.
        if (!setServerFieldErrors(form, error, i18n, { fallback: 'staff.deliveries.manual.invalid' })) setFailed(true);
      },
    });
  });

  return (
    <form className="delivery-manual" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={id('host') + '-title'}>
      <p id={id('host') + '-title'} className="delivery-manual__title">
        {t('staff.deliveries.manual.title')}
      </p>
      <div className="delivery-manual__fields">
        <TextField
          id={id('host')}
          label={t('staff.deliveries.manual.host')}
          required
          autoComplete="off"
          spellCheck={false}
          error={
            errors.host ? t(errors.host.type === 'server' ? String(errors.host.message) : 'staff.deliveries.manual.hostError') : undefined
          }
          disabled={deliver.isPending}
          {...register('host')}
        />
        <TextField
          id={id('port')}
          label={t('staff.deliveries.manual.port')}
          required
          inputMode="numeric"
          autoComplete="off"
          error={
            errors.port ? t(errors.port.type === 'server' ? String(errors.port.message) : 'staff.deliveries.manual.portError') : undefined
          }
          disabled={deliver.isPending}
          {...register('port')}
        />
        <SubmitButton busy={deliver.isPending} busyLabel={t('staff.deliveries.manual.busy')} className="delivery-manual__submit">
          {t('staff.deliveries.manual.submit')}
        </SubmitButton>
      </div>
      {failed && <FormAlert tone="error">{t('staff.deliveries.manual.failed')}</FormAlert>}
    </form>
  );
}
