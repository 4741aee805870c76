import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '../../../../../shared/contract/endpoint';
import { totpCodeSchema } from '../../../../../shared/schemas/two-factor';
import { ApiError } from '../../../api/client';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { FormAlert } from '../../../ui/form-alert';
import { CodeForm } from './code-form';
import { twoFactorApi } from './two-factor-api';

export type Setup = ResultOf<typeof twoFactorApi.setup>;

const checkTotp = (code: string) => (totpCodeSchema.safeParse(code).success ? null : 'twoFactor.errors.codeFormat');

/** Why the server refused to start an enrolment, as a locale key. */
const START_REFUSALS: Record<string, string> = {
  email_not_verified: 'twoFactor.errors.emailNotVerified',
  enrolment_link_required: 'twoFactor.errors.enrolmentLinkRequired',
  invalid_token: 'twoFactor.errors.linkInvalid',
};
const refusalKey = (error: unknown) => (error instanceof ApiError && START_REFUSALS[error.error]) || 'twoFactor.errors.generic';

/** Turning it on with the session: a secret from the server (QR code and key), then the first code from the app. */
export function Enrolment({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const api = useAuthedApi();
  return (
    <EnrolmentSteps
      start={() => api.call(twoFactorApi.setup)}
      confirm={async (code) => (await api.call(twoFactorApi.confirm, { body: { code } })).recoveryCodes}
      onEnabled={onEnabled}
    />
  );
}

/**
 * The enrolment's steps, whatever proves the account: the session (settings) or the link mailed
 * after an admin's reset (staff).
 */
export function EnrolmentSteps({
  start: startSetup,
  confirm,
  onEnabled,
}: {
  start: () => Promise<Setup>;
  confirm: (code: string) => Promise<string[]>;
  onEnabled: (recoveryCodes: string[]) => void;
}) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setFailed(null);
    try {
      setSetup(await startSetup());
    } catch (error) {
      setFailed(refusalKey(error));
    } finally {
      setBusy(false);
    }
  }

  if (!setup) {
    return (
      <>
        {failed && <FormAlert tone="error">{t(failed)}</FormAlert>}
        <button type="button" className="button button--primary button--block" onClick={() => void start()} disabled={busy}>
          {busy ? t('twoFactor.starting') : t('twoFactor.start')}
        </button>
      </>
    );
  }

  // The key in groups of four, as apps show it; spaces are ignored when typed.
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;
  return (
    <>
      <section className="two-factor__block" aria-labelledby="scan-title">
        <h2 id="scan-title" className="two-factor__subtitle">
          {t('twoFactor.scanTitle')}
        </h2>
        <p className="two-factor__text">{t('twoFactor.scanText')}</p>
        <div className="two-factor__scan">
          <img className="two-factor__qr" src={setup.qrCode} alt={t('twoFactor.qrAlt')} width={200} height={200} />
          <div className="two-factor__manual">
            <p className="two-factor__label">{t('twoFactor.manualLabel')}</p>
            <code className="two-factor__secret" data-testid="totp-secret" data-secret={setup.secret}>
              {grouped}
            </code>
          </div>
        </div>
      </section>
      <section className="two-factor__block" aria-labelledby="confirm-title">
        <h2 id="confirm-title" className="two-factor__subtitle">
          {t('twoFactor.confirmTitle')}
        </h2>
        <CodeForm
          id="two-factor-confirm-code"
          label={t('twoFactor.codeLabel')}
          submitLabel={t('twoFactor.confirm')}
          busyLabel={t('twoFactor.confirming')}
          check={checkTotp}
          onSubmit={async (code) => onEnabled(await confirm(code))}
        />
      </section>
    </>
  );
}
