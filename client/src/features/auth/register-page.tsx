import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/schemas/auth';
import { currencyForCountry } from '../../../../shared/money/currency';
import { readInsideState } from '../../ui/inside-state';
import { storeEmailToVerify } from '../../app/session/session-storage';
import { useSession } from '../../app/session/use-session';
import { FormAlert } from '../../ui/form-alert';
import { FormField, TextField } from '../../ui/form-field';
import { SubmitButton } from '../../ui/submit-button';
import { useLanguage } from '../../ui/use-language';
import { register as registerAccount } from './register-api';
import { apiErrorKey } from './api-error-text';
import { errorText, setServerFieldErrors } from '../../ui/forms/server-field-errors';
import { AuthCard } from './auth-card';
import { AccountTypeToggle } from '../../ui/identity/account-type-toggle';
import { CountrySelect } from '../../ui/identity/country-select';
import { PhoneInput } from '../../ui/identity/phone-input';
import { TermsCheckbox } from './register/terms-checkbox';
import { useRegisterForm } from './register/use-register-form';
import '../../styles/register.css';

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const lng = useLanguage();
  const navigate = useNavigate();
  const { state } = useLocation();
  const { login } = useSession();
  const { form, errors, values, setUserType, setCountry, setPhone } = useRegisterForm(lng);
  const { register } = form;
  const busy = form.formState.isSubmitting;
  const [alertKey, setAlertKey] = useState<string | null>(null);
  const business = values.userType === 'business';

  const onSubmit = form.handleSubmit(
    async (payload) => {
      setAlertKey(null);
      try {
        const { user, token } = await registerAccount(payload);
        login(user, token);
        storeEmailToVerify(user.email || payload.email);
        navigate(`/${lng}/verify-email`, { replace: true });
      } catch (error) {
        setServerFieldErrors(form, error, i18n, { fallback: 'register.errorform', shownAt: { currency: 'country' } });
        setAlertKey(
          apiErrorKey(error, i18n, {
            network: 'register.errornetwork',
            fallback: 'register.errorserver',
            byCode: {
              email_taken: 'register.erroremailtaken',
              busy: 'register.errorbusy',
              429: 'register.errortoomany',
              400: 'register.errorsummary',
            },
          }),
        );
      }
    },
    // The library has focused the first field in error; the alert sums it up.
    () => setAlertKey('register.errorsummary'),
  );

  const error = (name: keyof typeof errors) => errorText(t, errors[name]);
  const text = (name: 'fullName' | 'companyName' | 'vatNumber' | 'address' | 'email') => ({
    id: `register-${name}`,
    label: t(`register.${name}`),
    ...register(name),
    error: error(name),
    required: true,
  });

  return (
    <AuthCard
      wide
      title={t('register.title')}
      intro={t('register.intro')}
      footer={
        <>
          <span>{t('register.haveAccount')}</span>
          <Link to={`/${lng}/login`} state={{ fromInside: true, from: readInsideState(state).from }}>
            {t('register.login')}
          </Link>
        </>
      }
    >
      {alertKey && <FormAlert tone="error">{t(alertKey)}</FormAlert>}
      <form className="auth-form register-form" onSubmit={onSubmit} noValidate>
        <AccountTypeToggle value={values.userType} onChange={setUserType} />
        <div className="form-grid">
          <TextField {...text('fullName')} className="field--full" autoComplete="name" />
          {business && (
            <>
              <TextField {...text('companyName')} autoComplete="organization" />
              {/* Both missing: one message (by the company name) describes both fields. */}
              <TextField
                {...text('vatNumber')}
                autoComplete="off"
                placeholder="BE0123456789"
                errorShownAt={
                  errors.vatNumber && errors.vatNumber.message === errors.companyName?.message ? 'register-companyName-error' : undefined
                }
              />
            </>
          )}
          <TextField {...text('address')} className="field--full" autoComplete="street-address" />
          <FormField
            id="register-country"
            label={t('register.country')}
            error={error('country') ?? error('currency')}
            hint={t('register.currency', { currency: currencyForCountry(values.country) })}
            required
          >
            {(control) => (
              <CountrySelect control={control} value={values.country} onChange={setCountry} inputRef={register('country').ref} />
            )}
          </FormField>
          <FormField id="register-phone" label={t('register.phone')} error={error('phone')} hint={t('register.phoneHint')} required>
            {(control) => (
              <PhoneInput
                control={control}
                value={values.phone}
                country={values.country}
                onChange={setPhone}
                inputRef={register('phone').ref}
              />
            )}
          </FormField>
          <TextField {...text('email')} className="field--full" type="email" inputMode="email" autoComplete="email" />
          <TextField
            id="register-password"
            label={t('register.password')}
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            required
            {...register('password')}
            error={error('password')}
            hint={t('register.passwordHint')}
          />
          <TextField
            id="register-confirmPassword"
            label={t('register.confirmPassword')}
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            required
            {...register('confirmPassword')}
            error={error('confirmPassword')}
          />
          <TermsCheckbox field={register('acceptTerms')} error={error('acceptTerms')} />
        </div>
        <SubmitButton busy={busy} busyLabel={t('register.submitting')}>
          {t('register.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
