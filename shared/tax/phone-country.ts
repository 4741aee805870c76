// The country a phone number's international prefix points to, as OSS location evidence (art. 24f
// of regulation 282/2011: "the country code of the SIM card" / fixed line). Only the prefixes of the
// EU member states and North America; anything else is kept as a prefix without a country.

const PREFIXES: Readonly<Record<string, string>> = {
  '32': 'BE',
  '33': 'FR',
  '31': 'NL',
  '48': 'PL',
  '49': 'DE',
  '352': 'LU',
  '43': 'AT',
  '359': 'BG',
  '357': 'CY',
  '420': 'CZ',
  '45': 'DK',
  '372': 'EE',
  '34': 'ES',
  '358': 'FI',
  '30': 'GR',
  '385': 'HR',
  '36': 'HU',
  '353': 'IE',
  '39': 'IT',
  '370': 'LT',
  '371': 'LV',
  '356': 'MT',
  '351': 'PT',
  '40': 'RO',
  '46': 'SE',
  '386': 'SI',
  '421': 'SK',
  '1': 'US',
};

/** '+33 6 12 34 56 78' -> { prefix: '+33', country: 'FR' }; null when the number has no international prefix. */
export function phoneCountry(phone: string | null | undefined): { prefix: string; country: string | null } | null {
  const compact = (phone ?? '').replace(/[\s().-]/g, '').replace(/^00/, '+');
  if (!/^\+\d{4,}$/.test(compact)) return null;
  for (const length of [3, 2, 1]) {
    const code = compact.slice(1, 1 + length);
    const country = PREFIXES[code];
    if (country) return { prefix: `+${code}`, country };
  }
  // Calling codes run 1 to 3 digits; unknown ones are kept to two, enough to show where they point.
  return { prefix: compact.slice(0, 3), country: null };
}
