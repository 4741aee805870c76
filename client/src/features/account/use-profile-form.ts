import { useState } from 'react';
import type { UserType } from '../../../../shared/constants';
import type { Language } from '../../../../shared/i18n/languages';
import { profileUpdateSchema, type ProfileDto, type ProfileUpdate } from '../../../../shared/schemas/account';
import { compactPhone, emptyPhone, switchCountry, typePhone, type PhoneUpdate } from '../../ui/identity/phone';
import { issuesByField } from './account-errors';

export interface ProfileValues {
  userType: UserType;
  fullName: string;
  companyName: string;
  vatNumber: string;
  address: string;
  country: string;
  phone: string;
  language: Language;
  removeAvatar: boolean;
}

/** The order fields are checked in, for the focus after a failed save. */
export const PROFILE_FIELDS = ['fullName', 'companyName', 'vatNumber', 'address', 'country', 'phone', 'language'] as const;

function valuesOf(profile: ProfileDto): ProfileValues {
  return {
    userType: profile.userType,
    fullName: profile.fullName,
    companyName: profile.companyName ?? '',
    vatNumber: profile.vatNumber ?? '',
    address: profile.address ?? '',
    country: profile.country,
    phone: profile.phone ? (typePhone(profile.phone, profile.country)?.value ?? profile.phone) : emptyPhone(profile.country),
    language: profile.language,
    removeAvatar: false,
  };
}

/** The profile form's values, checked with the server's own schema (registration's rules). */
export function useProfileForm(profile: ProfileDto) {
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const clear = (...names: string[]) =>
    setErrors((current) => {
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });

  return {
    values,
    errors,
    setErrors,
    set<K extends keyof ProfileValues>(name: K, value: ProfileValues[K]) {
      setValues((v) => ({ ...v, [name]: value }));
      clear(name);
    },
    setCountry(country: string) {
      setValues((v) => ({ ...v, country, phone: switchCountry(v.phone, country) }));
      clear('country', 'phone');
    },
    setPhone(update: PhoneUpdate) {
      setValues((v) => ({ ...v, phone: update.value, country: update.country }));
      clear('phone', 'country');
    },
    reset(next: ProfileDto) {
      setValues(valuesOf(next));
      setErrors({});
    },
    /** The body to send, or null with the errors shown. */
    validate(): ProfileUpdate | null {
      const result = profileUpdateSchema.safeParse({ ...values, phone: compactPhone(values.phone) });
      if (result.success) return result.data;
      setErrors(issuesByField(result.error));
      return null;
    },
  };
}
