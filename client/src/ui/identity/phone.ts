import { AsYouType, getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/min/metadata';
import { PHONE_MAX_DIGITS } from '../../../../shared/schemas/register';

// The phone field holds '+<dial code> <national number>', formatted as typed (spec §2, §9).

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** '32' for BE; null for the few territories without a calling code (e.g. AQ). */
export function dialCode(country: string): string | null {
  return isSupportedCountry(country) ? getCountryCallingCode(country) : null;
}

/** What the field shows before anything is typed: the country's prefix. */
export function emptyPhone(country: string): string {
  const code = dialCode(country);
  return code ? `+${code} ` : '+';
}

export interface PhoneUpdate {
  value: string;
  country: string;
}

/**
 * Formats what the user typed. A different `+dial code` switches the country (to the one the
 * number belongs to, else that code's main country: +1 -> US, +44 -> GB). Null when the number
 * would have more than 15 digits: the keystroke is refused.
 */
export function typePhone(raw: string, country: string): PhoneUpdate | null {
  const text = raw.trim();
  const digits = digitsOf(text);
  if (!digits) return { value: text.startsWith('+') ? '+' : '', country };

  const international = text.startsWith('+') ? `+${digits}` : toInternational(digits, country);
  if (digitsOf(international).length > PHONE_MAX_DIGITS) return null;

  const formatter = new AsYouType();
  let value = formatter.input(international);
  const calling = formatter.getCallingCode();
  let next = country;
  if (calling) {
    const owner = formatter.getCountry();
    if (owner) next = owner;
    else if (calling !== dialCode(country)) next = metadata.country_calling_codes[calling]?.[0] ?? country;
    if (value === `+${calling}`) value += ' '; // ready for the national number
  }
  return { value, country: next };
}

/** The same national number under another country's prefix (the country dropdown changed). */
export function switchCountry(value: string, to: string): string {
  const code = dialCode(to);
  if (!code) return '+';
  const national = nationalDigits(value).slice(0, PHONE_MAX_DIGITS - code.length);
  return typePhone(`+${code}${national}`, to)?.value ?? emptyPhone(to);
}

/** What is sent: '+32470123456', or '' when only the prefix is there. */
export function compactPhone(value: string): string {
  return nationalDigits(value) ? `+${digitsOf(value)}` : '';
}

/** Index in `value` just after its n-th digit (where the caret goes after a reformat). */
export function positionAfterDigits(value: string, n: number): number {
  if (n <= 0) return value.startsWith('+') ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < value.length; i++) {
    if (/\d/.test(value.charAt(i)) && ++seen === n) return i + 1;
  }
  return value.length;
}

/** Removes the digit at digit-index `index` (0-based), keeping the other characters. */
export function removeDigitAt(value: string, index: number): string {
  let seen = -1;
  for (let i = 0; i < value.length; i++) {
    if (/\d/.test(value.charAt(i)) && ++seen === index) return value.slice(0, i) + value.slice(i + 1);
  }
  return value;
}

function nationalDigits(value: string): string {
  const digits = digitsOf(value);
  if (!digits) return '';
  const formatter = new AsYouType();
  formatter.input(`+${digits}`);
  const calling = formatter.getCallingCode();
  return calling ? digits.slice(calling.length) : '';
}

/** Digits typed without '+': the '+' was deleted, or a national number was typed or pasted. */
function toInternational(digits: string, country: string): string {
  const code = dialCode(country);
  if (!code || digits.startsWith(code)) return `+${digits}`;
  const parsed = isSupportedCountry(country) ? parsePhoneNumberFromString(digits, country) : undefined;
  return parsed ? parsed.number : `+${code}${digits}`;
}
