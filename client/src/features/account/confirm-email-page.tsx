import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../../../shared/contract/account';
import { callApi } from '../../api/call';
import { ApiError } from '../../api/client';
import { useSession } from '../../app/session/use-session';
import { FormAlert } from '../../ui/form-alert';
import { useLanguage } from '../../ui/use-language';
import '../../styles/auth.css';
import { PageTitle } from '../../ui/page-title';

type State = { status: 'working' } | { status: 'done'; email: string } | { status: 'failed'; key: string };

/** /{lng}/confirm-email?token=: the link mailed to a new address; opening it switches the account's e-mail. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [params] = useSearchParams();
  const { refreshUser } = useSession();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { status: 'working' } : { status: 'failed', key: 'confirmemail.invalid' });
  const sent = useRef(false);

  useEffect(() => {
    // Once: the link is single use, and StrictMode runs effects twice.
    if (!token || sent.current) return;
    sent.current = true;
    callApi(accountApi.confirmEmail, { body: { token } })
      .then(({ email }) => {
        setState({ status: 'done', email });
        void refreshUser();
      })
      .catch((error: unknown) => {
        const key = error instanceof ApiError && error.error === 'email_taken' ? 'confirmemail.taken' : 'confirmemail.invalid';
        setState({ status: 'failed', key });
      });
  }, [token, refreshUser]);

  const title = t('confirmemail.title');
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="confirm-email-title">
        <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
        <header className="auth-card__header">
          <h1 id="confirm-email-title" className="auth-card__title">
            {title}
          </h1>
        </header>
        {state.status === 'working' && (
          <p className="status-line" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('confirmemail.working')}
          </p>
        )}
        {state.status === 'done' && <FormAlert tone="success">{t('confirmemail.done', { email: state.email })}</FormAlert>}
        {state.status === 'failed' && <FormAlert tone="error">{t(state.key)}</FormAlert>}
        <Link className="button button--primary button--block" to={`/${lng}/settings`}>
          {t('confirmemail.toSettings')}
        </Link>
      </section>
    </div>
  );
}
