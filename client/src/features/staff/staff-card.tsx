import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../styles/forms.css';
import '../../styles/auth.css';
import { PageTitle } from '../../ui/page-title';

/** The centred card of the screens before the dashboard (logged out, not staff, admin password). */
export function StaffCard({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="staff-card-title">
        <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
        <header className="auth-card__header">
          <h1 id="staff-card-title" className="auth-card__title">
            {title}
          </h1>
          {intro && <p className="auth-card__intro">{intro}</p>}
        </header>
        {children}
      </section>
    </div>
  );
}
