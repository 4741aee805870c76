import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from '../../../ui/form-field';
import { useLanguage } from '../../../ui/use-language';

interface Props {
  /** The form's own checkbox binding (react-hook-form). */
  field: UseFormRegisterReturn<'acceptTerms'>;
  error?: string | undefined;
}

/** 'I accept the general conditions', the link opening them in a new tab. */
export function TermsCheckbox({ field, error }: Props) {
  const lng = useLanguage();
  return (
    <div className={error ? 'field field--full field--invalid' : 'field field--full'}>
      <div className="checkbox-field">
        <input
          id="register-acceptTerms"
          type="checkbox"
          {...field}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'register-acceptTerms-error' : undefined}
          required
        />
        <label htmlFor="register-acceptTerms">
          <Trans i18nKey="register.acceptTerms" components={{ terms: <NewTabLink href={`/${lng}/conditions-generales`} /> }} />
        </label>
      </div>
      {error && <FieldError id="register-acceptTerms-error">{error}</FieldError>}
    </div>
  );
}

function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> ({t('footer.newTab')})</span>
    </a>
  );
}
