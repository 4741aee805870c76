import type { Currency } from '../constants';

/** The currency follows the country (spec §4): CA -> CAD, US -> USD, every other country EUR. */
export function currencyForCountry(country: string): Currency {
  const code = country.toUpperCase();
  if (code === 'CA') return 'CAD';
  if (code === 'US') return 'USD';
  return 'EUR';
}
