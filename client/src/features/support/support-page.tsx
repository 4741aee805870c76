import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../../shared/schemas/auth';
import { useSession } from '../../app/session/use-session';
import { useLanguage } from '../../ui/use-language';
import { NewTicketForm } from './new-ticket-form';
import { TicketList } from './ticket-list';
import { useTickets } from './api/get-tickets';
import '../../styles/forms.css';
import '../../styles/auth.css';
import '../../styles/support.css';
import { PageTitle } from '../../ui/page-title';

/** /{lng}/Support: the customer's tickets and a form to open one (DESIGN.md §3); visitors are asked to log in. */
export function SupportPage() {
  const { user } = useSession();
  return user ? <CustomerSupport user={user} /> : <LoggedOutSupport />;
}

function LoggedOutSupport() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const location = useLocation();
  const title = t('support.title');

  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="support-title">
        <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
        <header className="auth-card__header">
          <h1 id="support-title" className="auth-card__title">
            {title}
          </h1>
          <p className="auth-card__intro">{t('support.loggedOut')}</p>
        </header>
        {/* The login route renders only for visitors coming from the site; it brings them back here. */}
        <Link className="button button--primary button--block" to={`/${lng}/login`} state={{ fromInside: true, from: location.pathname }}>
          {t('support.login')}
        </Link>
        <footer className="auth-card__footer">
          <span>{t('support.noAccount')}</span>
          <Link to={`/${lng}/contact`}>{t('support.contactLink')}</Link>
        </footer>
      </section>
    </div>
  );
}

function CustomerSupport({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { state, reload, prepend, loadMore, loadingMore } = useTickets();
  const title = t('support.title');

  return (
    <div className="support-page">
      <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
      <header className="support-page__header">
        <h1 className="support-page__title">{title}</h1>
        <p className="support-page__intro">{t('support.intro')}</p>
      </header>
      <div className="support-layout">
        <section className="support-card" aria-labelledby="new-ticket-title">
          <header className="support-card__header">
            <h2 id="new-ticket-title" className="support-card__title">
              {t('support.formTitle')}
            </h2>
            <p className="support-card__intro">{t('support.formIntro', { email: user.email })}</p>
          </header>
          <NewTicketForm onCreated={prepend} />
        </section>
        <section className="support-card" aria-labelledby="tickets-title" aria-busy={state.status === 'loading' || undefined}>
          <h2 id="tickets-title" className="support-card__title">
            {t('support.listTitle')}
          </h2>
          <TicketList state={state} onRetry={reload} />
          {state.status === 'ready' && state.next !== null && (
            <div className="support-more">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void loadMore()}
                disabled={loadingMore}
                aria-busy={loadingMore}
              >
                {loadingMore && <span className="spinner" aria-hidden="true" />}
                {t('support.loadMore')}
              </button>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
