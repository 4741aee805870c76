import { describe, expect, it } from 'vitest';
import { splitPostalAddress } from './postal-address';

describe('splitPostalAddress', () => {
  it('splits a Belgian address and drops the country name (the code comes from the country field)', () => {
    expect(splitPostalAddress("Rue de l'Exemple 1, 1000 Bruxelles, Belgique", 'be')).toEqual({
      street: "Rue de l'Exemple 1",
      additionalStreet: null,
      city: 'Bruxelles',
      postalZone: '1000',
      subentity: null,
      country: 'BE',
    });
  });

  it.each([
    ['12 rue de Rivoli, 75004 Paris, France', 'FR', '12 rue de Rivoli', '75004', 'Paris'],
    ['Damrak 1, 1012 LG Amsterdam, Nederland', 'NL', 'Damrak 1', '1012 LG', 'Amsterdam'],
    ['ul. Marszałkowska 10, 00-590 Warszawa, Polska', 'PL', 'ul. Marszałkowska 10', '00-590', 'Warszawa'],
    ['Meir 10, 2000 Antwerpen, België', 'BE', 'Meir 10', '2000', 'Antwerpen'],
    ['Rue du Fort 3, L-1234 Luxembourg', 'LU', 'Rue du Fort 3', 'L-1234', 'Luxembourg'],
    ['Drottninggatan 5, 111 51 Stockholm, Sverige', 'SE', 'Drottninggatan 5', '111 51', 'Stockholm'],
    ['10 Downing Street, London SW1A 2AA, United Kingdom', 'GB', '10 Downing Street', 'SW1A 2AA', 'London'],
  ])('%s', (address, country, street, postalZone, city) => {
    expect(splitPostalAddress(address, country)).toMatchObject({ street, postalZone, city, country });
  });

  it('reads a US line "CA 94105" as state and ZIP code, the town before it', () => {
    expect(splitPostalAddress('500 Market Street, Suite 2, San Francisco, CA 94105, United States', 'US')).toEqual({
      street: '500 Market Street',
      additionalStreet: 'Suite 2',
      city: 'San Francisco',
      postalZone: '94105',
      subentity: 'CA',
      country: 'US',
    });
  });

  it('keeps the lines between the street and the town as the additional street line', () => {
    expect(splitPostalAddress('Boulevard Anspach 1, Boîte 4, 1000 Bruxelles', 'BE')).toMatchObject({
      street: 'Boulevard Anspach 1',
      additionalStreet: 'Boîte 4',
      postalZone: '1000',
      city: 'Bruxelles',
    });
  });

  it('never takes a house number for a postcode when the address has one part', () => {
    expect(splitPostalAddress('123 Main Street', 'US')).toMatchObject({ street: '123 Main Street', city: null, postalZone: null });
  });

  it('without a postcode keeps the first part as street and the last as town, losing no text', () => {
    expect(splitPostalAddress('Chaussée de Namur 40, Ramillies', 'BE')).toMatchObject({
      street: 'Chaussée de Namur 40',
      additionalStreet: null,
      city: 'Ramillies',
      postalZone: null,
    });
  });

  it('writes no empty part for an empty address (the country still goes out)', () => {
    expect(splitPostalAddress('  ', 'BE')).toEqual({
      street: null,
      additionalStreet: null,
      city: null,
      postalZone: null,
      subentity: null,
      country: 'BE',
    });
  });
});
