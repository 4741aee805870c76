import { useState } from 'react';
import { DEFAULT_COUNTRY, type UserType } from '../../../../../shared/constants';
import { currencyForCountry } from '../../../../../shared/money/currency';
import { registerFormSchema, type RegisterPayload } from '../../../../../shared/schemas/register';
import type { Language } from '../../../../../shared/i18n/languages';
import { issuesByField } from '../api-error-text';
import { compactPhone, emptyPhone, switchCountry, type PhoneUpdate } from '../../../ui/identity/phone';

export interface RegisterFormValues {
  userType: UserType;
  fullName: string;
  companyName: string;
  vatNumber: string;
  address: string;
  country: string;
  phone: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

/** The fields in page order: the first one in error gets the focus. */
export const FIELD_ORDER = [
  'fullName',
  'companyName',
  'vatNumber',
  'address',
  'country',
  'phone',
  'email',
  'password',
  'confirmPassword',
  'acceptTerms',
] as const;

const initialValues: RegisterFormValues = {
  userType: 'particulier',
  fullName: '',
  companyName: '',
  vatNumber: '',
  address: '',
  country: DEFAULT_COUNTRY,
  phone: emptyPhone(DEFAULT_COUNTRY),
  email: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

/** Form state, its field errors (locale keys) and validation with the shared registerFormSchema. */
export function useRegisterForm(lng: Language) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function set<K extends keyof RegisterFormValues>(name: K, value: RegisterFormValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    clearErrors(name);
  }

  function clearErrors(...names: string[]) {
    setErrors((current) => {
      if (!names.some((name) => name in current)) return current;
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });
  }

  function setCountry(country: string) {
    setValues((current) => ({ ...current, country, phone: switchCountry(current.phone, country) }));
    clearErrors('country', 'currency');
  }

  function setPhone({ value, country }: PhoneUpdate) {
    setValues((current) => ({ ...current, phone: value, country }));
    clearErrors('phone', 'country');
  }

  /** The payload, or null with the errors shown. */
  function validate(): RegisterPayload | null {
    const business = values.userType === 'business';
    const result = registerFormSchema.safeParse({
      ...values,
      companyName: business ? values.companyName : null,
      vatNumber: business ? values.vatNumber : null,
      phone: compactPhone(values.phone),
      currency: currencyForCountry(values.country),
      language: lng,
    });
    if (!result.success) {
      setErrors(issuesByField(result.error));
      return null;
    }
    setErrors({});
    const { confirmPassword: _confirm, acceptTerms: _terms, ...payload } = result.data;
    return payload;
  }

  return { values, errors, setErrors, set, setCountry, setPhone, validate };
}
