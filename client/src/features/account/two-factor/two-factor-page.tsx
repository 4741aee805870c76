import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TwoFactorStatus } from '../../../../../shared/schemas/two-factor';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { useSession } from '../../../app/session/use-session';
import { FormAlert } from '../../../ui/form-alert';
import { useLanguage } from '../../../ui/use-language';
import { Enrolment } from './enrolment';
import { ManageTwoFactor } from './manage-two-factor';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { twoFactorApi } from './two-factor-api';
import '../../../styles/forms.css';
import '../../../styles/auth.css';
import '../../../styles/two-factor.css';
import { PageTitle } from '../../../ui/page-title';

type Notice = 'enabled' | 'disabled' | null;

/**
 * /{lng}/settings/two-factor: turn the second factor on (QR code, first code, recovery codes shown
 * once), make new recovery codes, turn it off. Staff are sent here until they have one.
 */
export function TwoFactorPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { user } = useSession();
  const title = t('twoFactor.title');
  return (
    <div className="auth-page">
      <section className="auth-card auth-card--wide two-factor" aria-labelledby="two-factor-title">
        <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
        <header className="auth-card__header">
          <h1 id="two-factor-title" className="auth-card__title">
            {title}
          </h1>
          <p className="auth-card__intro">{t('twoFactor.intro')}</p>
        </header>
        {user ? (
          <TwoFactorSettings />
        ) : (
          <p className="two-factor__text">
            {t('twoFactor.loginNeeded')}{' '}
            <Link to={`/${lng}/login`} state={{ fromInside: true, from: `/${lng}/settings/two-factor` }}>
              {t('login.submit')}
            </Link>
          </p>
        )}
        <footer className="auth-card__footer">
          <Link to={`/${lng}/settings`}>{t('twoFactor.back')}</Link>
        </footer>
      </section>
    </div>
  );
}

function TwoFactorSettings() {
  const { t, i18n } = useTranslation();
  const lng = useLanguage();
  const api = useAuthedApi();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const load = useCallback(() => {
    api.call(twoFactorApi.status).then(setStatus, () => setFailed(true));
  }, [api]);
  useEffect(load, [load]);

  if (failed) return <FormAlert tone="error">{t('twoFactor.errors.generic')}</FormAlert>;
  if (!status) {
    return (
      <p className="status-line" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('twoFactor.loading')}
      </p>
    );
  }
  // Shown once, before anything else: the database keeps only their hashes.
  if (codes) {
    return (
      <RecoveryCodesPanel
        codes={codes}
        onDone={() => {
          setCodes(null);
          load();
        }}
      />
    );
  }

  const since = status.enabledAt ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(status.enabledAt)) : '';
  return (
    <>
      {notice && <FormAlert tone="success">{t(notice === 'enabled' ? 'twoFactor.enabledNotice' : 'twoFactor.disabledNotice')}</FormAlert>}
      {status.required && !status.enabled && <FormAlert tone="info">{t('twoFactor.staffRedirect')}</FormAlert>}
      <dl className="two-factor__status">
        <dt>{t('twoFactor.statusLabel')}</dt>
        <dd>
          <span className={status.enabled ? 'two-factor__badge two-factor__badge--on' : 'two-factor__badge'}>
            {status.enabled ? t('twoFactor.statusOn', { date: since }) : t('twoFactor.statusOff')}
          </span>
        </dd>
        {status.enabled && (
          <>
            <dt className="visually-hidden">{t('twoFactor.recoveryLabel')}</dt>
            <dd>{t('twoFactor.recoveryLeft', { count: status.recoveryCodesLeft })}</dd>
          </>
        )}
      </dl>
      {status.required && <p className="two-factor__text">{t('twoFactor.required')}</p>}
      {status.required && status.enabled && (
        <Link className="button button--primary" to={`/${lng}/dashboard-admin`} state={{ fromInside: true }}>
          {t('twoFactor.openBackOffice')}
        </Link>
      )}
      {status.enabled ? (
        <ManageTwoFactor
          status={status}
          onNewCodes={setCodes}
          onDisabled={() => {
            setNotice('disabled');
            load();
          }}
        />
      ) : (
        <Enrolment
          onEnabled={(fresh) => {
            setNotice('enabled');
            setCodes(fresh);
          }}
        />
      )}
    </>
  );
}
