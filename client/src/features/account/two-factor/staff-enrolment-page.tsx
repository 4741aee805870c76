import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { staffSecondFactorApi } from '../../../../../shared/contract/two-factor';
import { callApi } from '../../../api/call';
import { EnrolmentSteps } from './enrolment';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { FormAlert } from '../../../ui/form-alert';
import { useLanguage } from '../../../ui/use-language';
import '../../../styles/forms.css';
import '../../../styles/auth.css';
import '../../../styles/two-factor.css';
import { PageTitle } from '../../../ui/page-title';

/**
 * /{lng}/staff-second-factor?token=: the link mailed to a staff member after an admin reset their
 * second factor (issue 29). No session is needed (theirs were ended): the link proves the mailbox,
 * and it is spent by the first right code. Then the usual login: password, then a code.
 */
export function StaffSecondFactorEnrolmentPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [codes, setCodes] = useState<string[] | null>(null);
  const [done, setDone] = useState(false);
  const title = t('twoFactor.staffEnrol.title');

  let body;
  if (!token) body = <FormAlert tone="error">{t('twoFactor.errors.linkInvalid')}</FormAlert>;
  else if (done) body = <FormAlert tone="success">{t('twoFactor.staffEnrol.done')}</FormAlert>;
  else if (codes) body = <RecoveryCodesPanel codes={codes} onDone={() => setDone(true)} />;
  else {
    body = (
      <EnrolmentSteps
        start={() => callApi(staffSecondFactorApi.enrolmentSetup, { body: { token } })}
        confirm={async (code) => (await callApi(staffSecondFactorApi.enrolmentConfirm, { body: { token, code } })).recoveryCodes}
        onEnabled={setCodes}
      />
    );
  }

  return (
    <div className="auth-page">
      <section className="auth-card auth-card--wide two-factor" aria-labelledby="staff-enrol-title">
        <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
        <header className="auth-card__header">
          <h1 id="staff-enrol-title" className="auth-card__title">
            {title}
          </h1>
          <p className="auth-card__intro">{t('twoFactor.staffEnrol.intro')}</p>
        </header>
        {body}
        {(done || !token) && (
          <footer className="auth-card__footer">
            <Link to={`/${lng}/login`}>{t('twoFactor.staffEnrol.toLogin')}</Link>
          </footer>
        )}
      </section>
    </div>
  );
}
