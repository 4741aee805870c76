import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../styles/forms.css';
import '../../styles/auth.css';
import '../../styles/payment-return.css';
import { PageTitle } from '../../ui/page-title';

interface Props {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}

/** The centred card both return pages sit in (the account pages' look), with a state icon on top. */
export function ReturnCard({ title, icon, children }: Props) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <section className="auth-card payment-return" aria-labelledby="payment-return-title">
        <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
        <header className="payment-return__header">
          {icon}
          <h1 id="payment-return-title" className="auth-card__title">
            {title}
          </h1>
        </header>
        {children}
      </section>
    </div>
  );
}
