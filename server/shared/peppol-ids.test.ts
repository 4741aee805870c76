import { describe, expect, it } from 'vitest';
import { belgianEnterpriseNumber, fallbackEndpoint, legalIdOf, peppolEndpointOf, VAT_EAS_SCHEMES } from './peppol-ids';
import { EU_COUNTRIES } from '../../shared/tax/vat-treatment';

describe('belgianEnterpriseNumber', () => {
  it('takes the 10 digits of a Belgian VAT number whose mod 97 check holds, however it is typed', () => {
    expect(belgianEnterpriseNumber('BE0123456749')).toBe('0123456749');
    expect(belgianEnterpriseNumber('be 0123.456.749')).toBe('0123456749');
    expect(belgianEnterpriseNumber('0202239951')).toBe('0202239951');
  });

  it('pads an old 9-digit number with its leading zero', () => {
    expect(belgianEnterpriseNumber('BE123456749')).toBe('0123456749');
  });

  it('refuses a wrong check, a wrong length and a first digit other than 0 or 1', () => {
    expect(belgianEnterpriseNumber('BE0123456748')).toBeNull();
    expect(belgianEnterpriseNumber('BE01234567')).toBeNull();
    expect(belgianEnterpriseNumber('BE2123456749')).toBeNull();
    expect(belgianEnterpriseNumber(null)).toBeNull();
  });
});

describe('peppolEndpointOf', () => {
  it('addresses a Belgian company by its enterprise number under 0208', () => {
    expect(peppolEndpointOf({ vatNumber: 'BE0202239951', country: 'BE' })).toEqual({ scheme: '0208', id: '0202239951' });
  });

  it('addresses other member states by their VAT scheme of the 3.0.19 list, number with its prefix', () => {
    expect(peppolEndpointOf({ vatNumber: 'FR40303265045', country: 'FR' })).toEqual({ scheme: '9957', id: 'FR40303265045' });
    expect(peppolEndpointOf({ vatNumber: 'nl 8041.70.009.B01', country: 'NL' })).toEqual({ scheme: '9944', id: 'NL804170009B01' });
    expect(peppolEndpointOf({ vatNumber: 'PL5261040828', country: 'PL' })).toEqual({ scheme: '9945', id: 'PL5261040828' });
    expect(peppolEndpointOf({ vatNumber: 'DE123456789', country: 'DE' })).toEqual({ scheme: '9930', id: 'DE123456789' });
    expect(peppolEndpointOf({ vatNumber: 'ATU12345678', country: 'AT' })).toEqual({ scheme: '9914', id: 'ATU12345678' });
    expect(peppolEndpointOf({ vatNumber: '01234567890', country: 'IT' })).toEqual({ scheme: '0211', id: 'IT01234567890' });
  });

  it('writes Greece with its VAT prefix EL', () => {
    expect(peppolEndpointOf({ vatNumber: 'EL094259216', country: 'GR' })).toEqual({ scheme: '9933', id: 'EL094259216' });
  });

  it('gives a Swedish company its organisation number (0007), the VAT number without SE and 01', () => {
    expect(peppolEndpointOf({ vatNumber: 'SE556036079301', country: 'SE' })).toEqual({ scheme: '0007', id: '5560360793' });
    expect(peppolEndpointOf({ vatNumber: 'SE556036079401', country: 'SE' })).toBeNull();
  });

  it('has a scheme for every member state (Belgium and Sweden through their own branch)', () => {
    const covered = [...Object.keys(VAT_EAS_SCHEMES), 'BE', 'SE'].sort();
    expect(covered).toEqual([...EU_COUNTRIES].sort());
  });

  it('gives nothing to a consumer, a company outside the EU, or a number of another state', () => {
    expect(peppolEndpointOf({ vatNumber: null, country: 'FR' })).toBeNull();
    expect(peppolEndpointOf({ vatNumber: 'US123456789', country: 'US' })).toBeNull();
    expect(peppolEndpointOf({ vatNumber: 'FR40303265045', country: 'BE' })).toBeNull();
    expect(peppolEndpointOf({ vatNumber: 'BE0123456748', country: 'BE' })).toBeNull();
  });
});

describe('legalIdOf', () => {
  it('derives a Belgian company registration (0208) and nothing for other states', () => {
    expect(legalIdOf({ vatNumber: 'BE0123456749', country: 'BE' })).toEqual({ scheme: '0208', id: '0123456749' });
    expect(legalIdOf({ vatNumber: 'FR40303265045', country: 'FR' })).toBeNull();
  });
});

describe('fallbackEndpoint', () => {
  it('names the buyer by the e-mail the document is sent to, under the UBL.BE party identifier scheme', () => {
    expect(fallbackEndpoint({ email: ' Jeanne@Example.be ' }, 'ORDER-1')).toEqual({ scheme: '0193', id: 'jeanne@example.be' });
  });

  it('uses the order reference when there is no e-mail or it is longer than the scheme allows', () => {
    expect(fallbackEndpoint({ email: null }, 'ORDER-42')).toEqual({ scheme: '0193', id: 'order:ORDER-42' });
    expect(fallbackEndpoint({ email: `${'a'.repeat(45)}@example.com` }, 'ORDER-42')).toEqual({ scheme: '0193', id: 'order:ORDER-42' });
  });
});
