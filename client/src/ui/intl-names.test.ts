import { afterEach, describe, expect, it, vi } from 'vitest';
import { joinedListKey, regionNameKey } from '../../../shared/i18n/intl-names';
import { joinedListOf, regionNameOf, rememberIntlNames } from './intl-names';

afterEach(() => vi.restoreAllMocks());

describe("Intl's names on a page", () => {
  it('takes the names the server gave for the page, without making a formatter', () => {
    rememberIntlNames({ [regionNameKey('nl', 'BE')]: 'België (server)', [joinedListKey('nl', ['Frans', 'Engels'])]: 'Frans en Engels' });
    const displayNames = vi.spyOn(Intl, 'DisplayNames');
    const listFormat = vi.spyOn(Intl, 'ListFormat');
    expect(regionNameOf('BE', 'nl')).toBe('België (server)');
    expect(joinedListOf('nl', ['Frans', 'Engels'])).toBe('Frans en Engels');
    expect(displayNames).not.toHaveBeenCalled();
    expect(listFormat).not.toHaveBeenCalled();
  });

  it('makes the names it was not given with Intl', () => {
    expect(regionNameOf('FR', 'pl')).toBe('Francja');
    expect(joinedListOf('fr', ['français', 'anglais'])).toBe('français et anglais');
    expect(regionNameOf('not a code', 'fr')).toBe('not a code');
  });
});
