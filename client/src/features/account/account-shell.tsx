import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/use-session';
import { useLanguage } from '../../ui/use-language';
import '../../styles/account.css';
import { PageTitle } from '../../ui/page-title';

/**
 * The account pages' frame: a navy header band with the title and intro, the page's cards below,
 * and links between the two pages. Without a session: a short text and a login link back here.
 */
export function AccountShell({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { user } = useSession();
  const { pathname } = useLocation();

  if (!user) {
    return (
      <div className="account-page">
        <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
        <section className="account-card account-card--narrow" aria-labelledby="account-title">
          <h1 id="account-title" className="account-card__title">
            {t('account.loggedOutTitle')}
          </h1>
          <p className="account-card__intro">{t('account.loggedOutText')}</p>
          <Link className="button button--primary button--block" to={`/${lng}/login`} state={{ fromInside: true, from: pathname }}>
            {t('account.login')}
          </Link>
        </section>
      </div>
    );
  }

  const tabs = [
    { to: `/${lng}/profile`, label: t('usermenu.profile') },
    { to: `/${lng}/settings`, label: t('usermenu.settings') },
  ];
  return (
    <div className="account-page">
      <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
      <header className="account-page__header">
        <h1 className="account-page__title">{title}</h1>
        <p className="account-page__intro">{intro}</p>
        <nav className="account-nav" aria-label={t('usermenu.settings')}>
          {tabs.map((tab) => (
            <Link key={tab.to} to={tab.to} className="account-nav__link" aria-current={pathname === tab.to ? 'page' : undefined}>
              {tab.label}
            </Link>
          ))}
        </nav>
      </header>
      <div className="account-page__body">{children}</div>
    </div>
  );
}

/** One card of an account page, titled. */
export function AccountCard({
  id,
  title,
  intro,
  tone,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  tone?: 'danger';
  children: ReactNode;
}) {
  return (
    <section className={['account-card', tone === 'danger' ? 'account-card--danger' : ''].filter(Boolean).join(' ')} aria-labelledby={id}>
      <h2 id={id} className="account-card__title">
        {title}
      </h2>
      {intro && <p className="account-card__intro">{intro}</p>}
      {children}
    </section>
  );
}
