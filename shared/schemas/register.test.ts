import { describe, expect, it } from 'vitest';
import { resetPasswordFormSchema } from './auth';
import { registerFormSchema, registerSchema } from './register';

const individual = {
  userType: 'particulier',
  email: ' Camille@Example.TEST ',
  password: 'secret1',
  fullName: 'Camille Dubois',
  address: 'Rue Neuve 1, 1000 Bruxelles',
  phone: '+32 470 12 34 56',
  country: 'be',
};

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('register rules (spec §5)', () => {
  it('accepts an individual and normalises e-mail and country', () => {
    const parsed = registerSchema.parse(individual);
    expect(parsed).toMatchObject({ email: 'camille@example.test', country: 'BE', language: 'fr', companyName: null });
  });

  it('asks a business for company name and VAT number', () => {
    const result = registerSchema.safeParse({ ...individual, userType: 'business' });
    expect(messages(result)).toEqual({ companyName: 'register.errorentreprise', vatNumber: 'register.errorentreprise' });
    expect(registerSchema.safeParse({ ...individual, userType: 'business', companyName: 'ACME', vatNumber: 'BE0123456789' }).success).toBe(
      true,
    );
  });

  it('requires full name, address and phone, a 6-character password, a real country and at most 15 digits', () => {
    const result = registerSchema.safeParse({
      ...individual,
      fullName: ' ',
      address: '',
      phone: '+32 470 12 34 56 78 90 12',
      password: '12345',
      country: 'XX',
    });
    expect(messages(result)).toEqual({
      fullName: 'register.errorform',
      address: 'register.errorform',
      phone: 'register.errorphone',
      password: 'register.errorpasswordlength',
      country: 'register.errorcountry',
    });
  });

  it('names the rule (a locale key) even for a field that is missing altogether, once per field', () => {
    const result = registerSchema.safeParse({ userType: 'particulier', phone: '' });
    expect(messages(result)).toEqual({
      email: 'register.erroremail',
      password: 'register.errorpasswordlength',
      fullName: 'register.errorform',
      address: 'register.errorform',
      phone: 'register.errorform',
    });
  });

  it('refuses a currency that does not follow the country', () => {
    expect(registerSchema.safeParse({ ...individual, country: 'CA', currency: 'CAD' }).success).toBe(true);
    expect(messages(registerSchema.safeParse({ ...individual, country: 'US', currency: 'EUR' }))).toEqual({
      currency: 'register.errorcurrency',
    });
  });

  it('the form also checks the confirmation and the terms', () => {
    const result = registerFormSchema.safeParse({ ...individual, confirmPassword: 'other', acceptTerms: false });
    expect(messages(result)).toEqual({ confirmPassword: 'register.errorpassword', acceptTerms: 'register.errorcgv' });
  });

  it('the reset form wants two equal passwords of 6 characters', () => {
    expect(messages(resetPasswordFormSchema.safeParse({ token: 't', newPassword: '123', confirmPassword: '123' }))).toEqual({
      newPassword: 'resetpassword.errorlength',
    });
    expect(messages(resetPasswordFormSchema.safeParse({ token: 't', newPassword: '123456', confirmPassword: '1234567' }))).toEqual({
      confirmPassword: 'resetpassword.errormatch',
    });
  });
});
