import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../styles/forms.css';
import '../../styles/auth.css';
import { PageTitle } from '../../ui/page-title';

interface Props {
  title: string;
  intro?: ReactNode;
  wide?: boolean;
  footer?: ReactNode;
  children: ReactNode;
}

/** The centred card every account page sits in: title, short intro, content, links below. */
export function AuthCard({ title, intro, wide = false, footer, children }: Props) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <section className={wide ? 'auth-card auth-card--wide' : 'auth-card'} aria-labelledby="auth-title">
        <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
        <header className="auth-card__header">
          <h1 id="auth-title" className="auth-card__title">
            {title}
          </h1>
          {intro && <p className="auth-card__intro">{intro}</p>}
        </header>
        {children}
        {footer && <footer className="auth-card__footer">{footer}</footer>}
      </section>
    </div>
  );
}
