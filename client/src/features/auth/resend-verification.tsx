import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../../../shared/contract/auth';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { FormAlert } from '../../ui/form-alert';

/** 'Resend the e-mail' for the logged-in user (POST /api/auth/resend-verification). */
export function ResendVerification() {
  const { t } = useTranslation();
  const api = useAuthedApi();
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'failed'>('idle');

  async function resend() {
    setState('busy');
    try {
      await api.call(authApi.resendVerification);
      setState('sent');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      {state === 'sent' && <FormAlert tone="success">{t('verifyemail.resent')}</FormAlert>}
      {state === 'failed' && <FormAlert tone="error">{t('verifyemail.resendError')}</FormAlert>}
      <button
        type="button"
        className="button button--secondary button--block"
        onClick={resend}
        disabled={state === 'busy'}
        aria-busy={state === 'busy' || undefined}
      >
        {state === 'busy' && <span className="spinner" aria-hidden="true" />}
        {state === 'busy' ? t('verifyemail.resending') : t('verifyemail.resend')}
      </button>
    </>
  );
}
