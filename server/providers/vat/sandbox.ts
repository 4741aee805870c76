import type { VatChecker } from './types';

// Development without VIES_URL: offline and predictable, so a demo never depends on the
// Commission's service. Well-formed numbers are valid, except:
//   ending in 0000 -> invalid      ending in 9999 -> pending (VIES unreachable)
export function createSandboxVatChecker(): VatChecker {
  return {
    mode: 'sandbox',
    async check(_countryCode, number) {
      if (number.endsWith('9999')) return { status: 'pending' };
      if (number.endsWith('0000') || !/^[A-Z0-9]{8,12}$/.test(number)) return { status: 'invalid' };
      return { status: 'valid', name: 'Sandbox company' };
    },
  };
}
