import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../../../shared/contract/account';
import { LANGUAGES } from '../../../../shared/i18n/languages';
import type { ProfileDto } from '../../../../shared/schemas/account';
import type { VatStatusDto } from '../../../../shared/schemas/vat';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { useSession } from '../../app/session/use-session';
import { FormAlert } from '../../ui/form-alert';
import { FormField, TextField } from '../../ui/form-field';
import { AccountTypeToggle } from '../../ui/identity/account-type-toggle';
import { CountrySelect } from '../../ui/identity/country-select';
import { PhoneInput } from '../../ui/identity/phone-input';
import { SubmitButton } from '../../ui/submit-button';
import { useLanguage } from '../../ui/use-language';
import { apiAlertKey } from './account-errors';
import { errorText, setServerFieldErrors } from '../../ui/forms/server-field-errors';
import { AccountCard, AccountShell } from './account-shell';
import { AccountLoading } from './account-loading';
import { ProfileAvatar } from './profile-avatar';
import { useProfileForm, valuesOf } from './use-profile-form';
import { useProfile } from './api/get-profile';
import '../../styles/register.css';

/** /{lng}/profile: the customer's identity, billing details and language (issue 19). */
export function ProfilePage() {
  const { t } = useTranslation();
  return (
    <AccountShell title={t('profile.title')} intro={t('profile.intro')}>
      <ProfileContent />
    </AccountShell>
  );
}

function ProfileContent() {
  const { state, retry, replace } = useProfile();
  if (state.status !== 'ready') return <AccountLoading failed={state.status === 'failed'} onRetry={retry} />;
  return <ProfileForm profile={state.profile} onSaved={replace} />;
}

type Alert = { tone: 'success' | 'error'; key: string } | null;

function ProfileForm({ profile, onSaved }: { profile: ProfileDto; onSaved: (profile: ProfileDto) => void }) {
  const { t, i18n } = useTranslation();
  const lng = useLanguage();
  const api = useAuthedApi();
  const { refreshUser } = useSession();
  const { form, values, setUserType, setCountry, setPhone } = useProfileForm(profile);
  const {
    register,
    formState: { errors, isSubmitting: busy },
  } = form;
  const [alert, setAlert] = useState<Alert>(null);
  const [vat, setVat] = useState<VatStatusDto | null>(null);
  const business = values.userType === 'business';

  const onSubmit = form.handleSubmit(
    async (body) => {
      setAlert(null);
      try {
        const saved = await api.call(accountApi.updateProfile, { body });
        onSaved(saved.profile);
        form.reset(valuesOf(saved.profile));
        setVat(saved.vat);
        setAlert({ tone: 'success', key: 'profile.saved' });
        void refreshUser();
      } catch (error) {
        setServerFieldErrors(form, error, i18n, { fallback: 'register.errorform' });
        setAlert({ tone: 'error', key: apiAlertKey(error) });
      }
    },
    // The library has focused the first field in error; the alert sums it up.
    () => setAlert({ tone: 'error', key: 'account.errorsummary' }),
  );

  const error = (name: keyof typeof errors) => errorText(t, errors[name]);
  const text = (name: 'fullName' | 'companyName' | 'vatNumber' | 'address') => ({
    id: `profile-${name}`,
    label: t(`register.${name}`),
    ...register(name),
    error: error(name),
    required: true,
  });
  const check = vat ? vat.check : (profile.vatCheck?.status ?? null);
  const avatarUrl = values.removeAvatar ? null : profile.avatarUrl;

  return (
    <form className="account-form" onSubmit={onSubmit} noValidate aria-labelledby="profile-identity">
      {alert && <FormAlert tone={alert.tone}>{t(alert.key)}</FormAlert>}

      <AccountCard id="profile-identity" title={t('profile.identityTitle')}>
        <div className="profile-avatar-row">
          <ProfileAvatar name={values.fullName || profile.fullName} url={avatarUrl} />
          <div className="profile-avatar-row__text">
            <p className="profile-avatar-row__name">{profile.fullName}</p>
            <p className="account-muted">{avatarUrl ? t('profile.avatarDiscord') : t('profile.avatarInitial')}</p>
            {profile.avatarUrl && (
              <label className="checkbox-line">
                <input type="checkbox" {...register('removeAvatar')} />
                <span>{t('profile.removeAvatar')}</span>
              </label>
            )}
          </div>
        </div>
        <div className="form-grid">
          <TextField {...text('fullName')} className="field--full" autoComplete="name" />
          <div className="field field--full account-readonly">
            <span className="field__label">{t('profile.email')}</span>
            <p className="account-readonly__value">
              <span>{profile.email}</span>
              <Link to={`/${lng}/settings#email`}>{t('profile.emailChange')}</Link>
            </p>
          </div>
          <FormField id="profile-phone" label={t('register.phone')} error={error('phone')} hint={t('register.phoneHint')} required>
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
        </div>
      </AccountCard>

      <AccountCard id="profile-billing" title={t('profile.billingTitle')} intro={t('profile.billingNote')}>
        <AccountTypeToggle value={values.userType} onChange={setUserType} />
        <div className="form-grid">
          {business && (
            <>
              <TextField {...text('companyName')} autoComplete="organization" />
              <TextField {...text('vatNumber')} autoComplete="off" placeholder="BE0123456789" />
            </>
          )}
          <TextField {...text('address')} className="field--full" autoComplete="street-address" />
          <FormField
            id="profile-country"
            label={t('register.country')}
            error={error('country')}
            hint={t('register.currency', { currency: profile.currency })}
            required
          >
            {(control) => (
              <CountrySelect control={control} value={values.country} onChange={setCountry} inputRef={register('country').ref} />
            )}
          </FormField>
        </div>
        {business && check && <VatCheckNote check={check} name={profile.vatCheck?.name ?? null} />}
      </AccountCard>

      <AccountCard id="profile-language" title={t('profile.languageTitle')}>
        <FormField id="profile-language-select" label={t('profile.language')} hint={t('profile.languageHint')} error={error('language')}>
          {(control) => (
            <select className="select" {...register('language')} {...control}>
              {LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {t(`languages.${code}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </AccountCard>

      <div className="account-form__actions">
        <SubmitButton busy={busy} busyLabel={t('profile.saving')} className="account-form__submit">
          {t('profile.save')}
        </SubmitButton>
      </div>
    </form>
  );
}

function VatCheckNote({ check, name }: { check: 'valid' | 'invalid' | 'pending'; name: string | null }) {
  const { t } = useTranslation();
  if (check === 'valid') return <FormAlert tone="success">{name ? t('profile.vatValidName', { name }) : t('profile.vatValid')}</FormAlert>;
  return <FormAlert tone="info">{t(check === 'invalid' ? 'profile.vatInvalid' : 'profile.vatPending')}</FormAlert>;
}
