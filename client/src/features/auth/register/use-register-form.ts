import { useForm, useWatch, type FieldError, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { DEFAULT_COUNTRY, type UserType } from '../../../../../shared/constants';
import { currencyForCountry } from '../../../../../shared/money/currency';
import { registerFormSchema, type RegisterPayload } from '../../../../../shared/schemas/register';
import type { Language } from '../../../../../shared/i18n/languages';
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

/** The fields in page order: the library focuses the first one in error in this order. */
const FIELD_ORDER = [
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

/** The form as typed, checked as the server will read it: registerFormSchema on the payload. */
function registerResolver(lng: Language): Resolver<RegisterFormValues, unknown, RegisterPayload> {
  const check = zodResolver(registerFormSchema);
  return async (values, context, options) => {
    const business = values.userType === 'business';
    const sent = {
      ...values,
      companyName: business ? values.companyName : null,
      vatNumber: business ? values.vatNumber : null,
      phone: compactPhone(values.phone),
      currency: currencyForCountry(values.country),
      language: lng,
    };
    const result = await check(sent, context, options as never);
    if (Object.keys(result.errors).length > 0) return { values: {}, errors: result.errors as never };
    // What only the form asks (confirmation, terms) is not sent.
    const { confirmPassword: _confirm, acceptTerms: _terms, ...payload } = result.values as z.output<typeof registerFormSchema>;
    return { values: payload, errors: {} };
  };
}

/** The register form on react-hook-form: values, their errors (locale keys), the country and phone pair. */
export function useRegisterForm(lng: Language) {
  const form = useForm<RegisterFormValues, unknown, RegisterPayload>({ resolver: registerResolver(lng), defaultValues: initialValues });
  // Registered in page order before any renders: the company fields, shown later, still come second.
  for (const name of FIELD_ORDER) form.register(name);
  const [userType, country, phone] = useWatch({ control: form.control, name: ['userType', 'country', 'phone'] });
  const errors = form.formState.errors as Partial<Record<keyof RegisterFormValues | 'currency', FieldError>>;

  return {
    form,
    errors,
    values: { userType, country, phone },
    setUserType(type: UserType) {
      form.setValue('userType', type);
      form.clearErrors(['companyName', 'vatNumber']);
    },
    setCountry(next: string) {
      form.setValue('country', next);
      form.setValue('phone', switchCountry(form.getValues('phone'), next));
      form.clearErrors(['country', 'currency' as never]);
    },
    setPhone(update: PhoneUpdate) {
      form.setValue('phone', update.value);
      form.setValue('country', update.country);
      form.clearErrors(['phone', 'country']);
    },
  };
}
