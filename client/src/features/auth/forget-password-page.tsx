import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { USER_TYPES, type UserType } from '../../../../shared/constants';
import { useLanguage } from '../../ui/use-language';
import { AuthCard } from './auth-card';
import { ForgotPasswordForm } from './forgot-password-form';

/** Two accordions (spec §2): individual asks for the e-mail, business for e-mail and VAT number. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [open, setOpen] = useState<UserType | null>('particulier');

  return (
    <AuthCard
      title={t('forgetpassword.title')}
      intro={t('forgetpassword.intro')}
      footer={
        <Link to={`/${lng}/login`} state={{ fromInside: true }}>
          {t('forgetpassword.backToLogin')}
        </Link>
      }
    >
      <div className="accordion">
        {USER_TYPES.map((type) => (
          <AccordionItem
            key={type}
            label={t(`forgetpassword.${type}`)}
            open={open === type}
            onToggle={() => setOpen(open === type ? null : type)}
          >
            <ForgotPasswordForm business={type === 'business'} />
          </AccordionItem>
        ))}
      </div>
    </AuthCard>
  );
}

interface ItemProps {
  label: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

function AccordionItem({ label, open, onToggle, children }: ItemProps) {
  const id = useId();
  return (
    <div className={open ? 'accordion__item accordion__item--open' : 'accordion__item'}>
      <h2 className="accordion__heading">
        <button
          type="button"
          id={`${id}-button`}
          className="accordion__trigger"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={onToggle}
        >
          <span>{label}</span>
          <svg className="accordion__chevron" width="14" height="9" viewBox="0 0 14 9" aria-hidden="true" focusable="false">
            <path d="m1 1.5 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      </h2>
      <div id={`${id}-panel`} className="accordion__panel" role="region" aria-labelledby={`${id}-button`} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
