import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/schemas/auth';
import { currencyForCountry } from '../../../../shared/money/currency';
import { ApiError } from '../../api/client';
import { readInsideState } from '../../ui/inside-state';
import { storeEmailToVerify } from '../../app/session/session-storage';
import { useSession } from '../../app/session/use-session';
import { FormAlert } from '../../ui/form-alert';
import { FormField, TextField } from '../../ui/form-field';
import { SubmitButton } from '../../ui/submit-button';
import { useLanguage } from '../../ui/use-language';
import { register } from './register-api';
import { apiErrorKey, isLocaleKey } from './api-error-text';
import { AuthCard } from './auth-card';
import { AccountTypeToggle } from '../../ui/identity/account-type-toggle';
import { CountrySelect } from '../../ui/identity/country-select';
import { PhoneInput } from '../../ui/identity/phone-input';
import { TermsCheckbox } from './register/terms-checkbox';
import { FIELD_ORDER, useRegisterForm } from './register/use-register-form';
import '../../styles/register.css';

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const lng = useLanguage();
  const navigate = useNavigate();
  const { state } = useLocation();
  const { login } = useSession();
  const form = useRegisterForm(lng);
  const { values, errors, set } = form;
  const [busy, setBusy] = useState(false);
  const [alertKey, setAlertKey] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const business = values.userType === 'business';

  // After a failed submit, the first field in error gets the focus. An effect event: it reads the
  // latest errors, but only a submit's request runs it, not every keystroke.
  const focusFirstError = useEffectEvent(() => {
    const first = FIELD_ORDER.find((name) => name in errors);
    if (first) document.getElementById(`register-${first}`)?.focus();
  });
  useEffect(() => {
    if (focusRequest) focusFirstError();
  }, [focusRequest]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const payload = form.validate();
    if (!payload) {
      setAlertKey('register.errorsummary');
      setFocusRequest((n) => n + 1);
      return;
    }
    setBusy(true);
    setAlertKey(null);
    try {
      const { user, token } = await register(payload);
      login(user, token);
      storeEmailToVerify(user.email || payload.email);
      navigate(`/${lng}/verify-email`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        const fields: Record<string, string> = {};
        for (const [name, key] of Object.entries(error.fields)) fields[name] = isLocaleKey(key, i18n) ? key : 'register.errorform';
        form.setErrors(fields);
        setFocusRequest((n) => n + 1);
      }
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
      setBusy(false);
    }
  }

  const error = (name: string) => (errors[name] ? t(errors[name]) : undefined);
  const text = (name: 'fullName' | 'companyName' | 'vatNumber' | 'address' | 'email') => ({
    id: `register-${name}`,
    label: t(`register.${name}`),
    value: values[name],
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
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
        <AccountTypeToggle value={values.userType} onChange={(type) => set('userType', type)} />
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
                errorShownAt={errors.vatNumber && errors.vatNumber === errors.companyName ? 'register-companyName-error' : undefined}
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
            {(control) => <CountrySelect control={control} value={values.country} onChange={form.setCountry} />}
          </FormField>
          <FormField id="register-phone" label={t('register.phone')} error={error('phone')} hint={t('register.phoneHint')} required>
            {(control) => <PhoneInput control={control} value={values.phone} country={values.country} onChange={form.setPhone} />}
          </FormField>
          <TextField {...text('email')} className="field--full" type="email" inputMode="email" autoComplete="email" />
          <TextField
            id="register-password"
            label={t('register.password')}
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            required
            value={values.password}
            onChange={(e) => set('password', e.target.value)}
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
            value={values.confirmPassword}
            onChange={(e) => set('confirmPassword', e.target.value)}
            error={error('confirmPassword')}
          />
          <TermsCheckbox checked={values.acceptTerms} onChange={(checked) => set('acceptTerms', checked)} error={error('acceptTerms')} />
        </div>
        <SubmitButton busy={busy} busyLabel={t('register.submitting')}>
          {t('register.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
