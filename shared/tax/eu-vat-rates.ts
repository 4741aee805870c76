// The standard VAT rate of each EU member state, with the date each took effect, for OSS: an
// electronically supplied service to an EU consumer is taxed at the rate of the consumer's state
// (art. 58 of directive 2006/112/EC). Only standard rates: hosting has no reduced rate anywhere.
//
// Source: European Commission, DG TAXUD, "VAT rates applied in the Member States of the European
// Union" (situation at 1 January 2026) and the Taxes in Europe Database (TEDB),
// https://taxation-customs.ec.europa.eu/tedb. Check both before each 1 January and 1 July.

export interface RatePeriod {
  /** ISO date the rate took effect (Europe/Brussels calendar day). */
  from: string;
  /** Percent, e.g. 25.5. */
  rate: number;
}

/** Per ISO country (GR for Greece), oldest first; the last period that started on or before a day applies. */
export const EU_STANDARD_RATES: Readonly<Record<string, readonly RatePeriod[]>> = {
  AT: [{ from: '2016-01-01', rate: 20 }],
  BE: [{ from: '1996-01-01', rate: 21 }],
  BG: [{ from: '2007-01-01', rate: 20 }],
  CY: [{ from: '2014-01-13', rate: 19 }],
  CZ: [{ from: '2013-01-01', rate: 21 }],
  DE: [
    { from: '2020-07-01', rate: 16 },
    { from: '2021-01-01', rate: 19 },
  ],
  DK: [{ from: '1992-01-01', rate: 25 }],
  EE: [
    { from: '2024-01-01', rate: 22 },
    { from: '2025-07-01', rate: 24 },
  ],
  ES: [{ from: '2012-09-01', rate: 21 }],
  FI: [
    { from: '2013-01-01', rate: 24 },
    { from: '2024-09-01', rate: 25.5 },
  ],
  FR: [{ from: '2014-01-01', rate: 20 }],
  GR: [{ from: '2016-06-01', rate: 24 }],
  HR: [{ from: '2013-01-01', rate: 25 }],
  HU: [{ from: '2012-01-01', rate: 27 }],
  IE: [
    { from: '2020-09-01', rate: 21 },
    { from: '2021-03-01', rate: 23 },
  ],
  IT: [{ from: '2013-10-01', rate: 22 }],
  LT: [{ from: '2009-09-01', rate: 21 }],
  LU: [
    { from: '2023-01-01', rate: 16 },
    { from: '2024-01-01', rate: 17 },
  ],
  LV: [{ from: '2012-07-01', rate: 21 }],
  MT: [{ from: '2004-01-01', rate: 18 }],
  NL: [{ from: '2012-10-01', rate: 21 }],
  PL: [{ from: '2011-01-01', rate: 23 }],
  PT: [{ from: '2011-01-01', rate: 23 }],
  RO: [
    { from: '2017-01-01', rate: 19 },
    { from: '2025-08-01', rate: 21 },
  ],
  SE: [{ from: '1990-07-01', rate: 25 }],
  SI: [{ from: '2013-07-01', rate: 22 }],
  SK: [
    { from: '2011-01-01', rate: 20 },
    { from: '2025-01-01', rate: 23 },
  ],
};

/** The calendar day in Brussels: a rate change at midnight applies to Belgian local time. */
export function brusselsDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The member state's standard rate on that day; null outside the EU (or before the table starts). */
export function standardRateOn(country: string, at: Date): number | null {
  const periods = EU_STANDARD_RATES[country.toUpperCase()];
  if (!periods) return null;
  const day = brusselsDay(at);
  let rate: number | null = null;
  for (const period of periods) if (period.from <= day) rate = period.rate;
  return rate;
}
