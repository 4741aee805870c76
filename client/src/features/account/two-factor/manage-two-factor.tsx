import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recoveryCodeSchema, totpCodeSchema, type TwoFactorStatus } from '../../../../../shared/schemas/two-factor';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { TextField } from '../../../ui/form-field';
import { CodeForm } from './code-form';
import { twoFactorApi } from './two-factor-api';

const checkTotp = (code: string) => (totpCodeSchema.safeParse(code).success ? null : 'twoFactor.errors.codeFormat');
/** Turning it off takes either kind of code: six digits, or a recovery code. */
const isTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ''));
const checkAny = (code: string) => (isTotp(code) || recoveryCodeSchema.safeParse(code).success ? null : 'twoFactor.errors.codeFormat');

interface Props {
  status: TwoFactorStatus;
  onNewCodes: (codes: string[]) => void;
  onDisabled: () => void;
}

/** When it is on: new recovery codes, and (for customers) turning it off. */
export function ManageTwoFactor({ status, onNewCodes, onDisabled }: Props) {
  const { t } = useTranslation();
  const api = useAuthedApi();
  const [password, setPassword] = useState('');

  return (
    <>
      <section className="two-factor__block" aria-labelledby="regenerate-title">
        <h2 id="regenerate-title" className="two-factor__subtitle">
          {t('twoFactor.regenerateTitle')}
        </h2>
        <p className="two-factor__text">{t('twoFactor.regenerateText')}</p>
        <CodeForm
          id="two-factor-regenerate-code"
          label={t('twoFactor.codeLabel')}
          submitLabel={t('twoFactor.regenerate')}
          busyLabel={t('twoFactor.confirming')}
          check={checkTotp}
          onSubmit={async (code) => {
            const { recoveryCodes } = await api.call(twoFactorApi.regenerateRecoveryCodes, { body: { code } });
            onNewCodes(recoveryCodes);
          }}
        />
      </section>
      {!status.required && (
        <section className="two-factor__block" aria-labelledby="disable-title">
          <h2 id="disable-title" className="two-factor__subtitle">
            {t('twoFactor.disableTitle')}
          </h2>
          <p className="two-factor__text">{t('twoFactor.disableText')}</p>
          <CodeForm
            id="two-factor-disable-code"
            label={`${t('twoFactor.codeLabel')} / ${t('twoFactor.recoveryLabel')}`}
            submitLabel={t('twoFactor.disable')}
            busyLabel={t('twoFactor.confirming')}
            check={checkAny}
            danger
            before={
              <TextField
                id="two-factor-disable-password"
                label={t('twoFactor.passwordLabel')}
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            }
            onSubmit={async (code) => {
              const body = isTotp(code) ? { password, code } : { password, recoveryCode: code };
              await api.call(twoFactorApi.disable, { body });
              setPassword('');
              onDisabled();
            }}
          />
        </section>
      )}
    </>
  );
}
