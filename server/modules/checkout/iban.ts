import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/** The IBAN in electronic format (no spaces, upper case) when it is valid (country length + mod-97), else null. */
export function normaliseIban(input: string): string | null {
  const electronic = electronicFormatIBAN(input);
  return electronic && isValidIBAN(electronic) ? electronic : null;
}
