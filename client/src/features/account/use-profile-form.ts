import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UserType } from '../../../../shared/constants';
import type { Language } from '../../../../shared/i18n/languages';
import { profileUpdateSchema, type ProfileDto, type ProfileUpdate } from '../../../../shared/schemas/account';
import { compactPhone, emptyPhone, switchCountry, typePhone, type PhoneUpdate } from '../../ui/identity/phone';

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

/** The order fields are checked in: the library focuses the first one in error in this order. */
const PROFILE_FIELDS = ['fullName', 'companyName', 'vatNumber', 'address', 'country', 'phone', 'language'] as const;

export function valuesOf(profile: ProfileDto): ProfileValues {
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

/** The values as the server reads them (the phone without its mask), checked with its own schema. */
const check = zodResolver(profileUpdateSchema);
const profileResolver: Resolver<ProfileValues, unknown, ProfileUpdate> = (values, context, options) =>
  check({ ...values, phone: compactPhone(values.phone) }, context, options as never) as ReturnType<
    Resolver<ProfileValues, unknown, ProfileUpdate>
  >;

/** The profile form on react-hook-form, checked with the server's own schema (registration's rules). */
export function useProfileForm(profile: ProfileDto) {
  const form = useForm<ProfileValues, unknown, ProfileUpdate>({ resolver: profileResolver, defaultValues: valuesOf(profile) });
  // Registered in checking order before any renders: the company fields, shown later, still come second.
  for (const name of PROFILE_FIELDS) form.register(name);
  const [userType, country, phone, removeAvatar, fullName] = useWatch({
    control: form.control,
    name: ['userType', 'country', 'phone', 'removeAvatar', 'fullName'],
  });

  return {
    form,
    values: { userType, country, phone, removeAvatar, fullName },
    setUserType(type: UserType) {
      form.setValue('userType', type);
      form.clearErrors(['companyName', 'vatNumber']);
    },
    setCountry(next: string) {
      form.setValue('country', next);
      form.setValue('phone', switchCountry(form.getValues('phone'), next));
      form.clearErrors(['country', 'phone']);
    },
    setPhone(update: PhoneUpdate) {
      form.setValue('phone', update.value);
      form.setValue('country', update.country);
      form.clearErrors(['phone', 'country']);
    },
  };
}
