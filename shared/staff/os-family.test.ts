import { describe, expect, it } from 'vitest';
import { osFamilyOf, vpsFitsOrderOs } from './os-family';

describe('osFamilyOf (spec §5)', () => {
  it.each([
    ['Windows Server 2022', 'windows'],
    ['win2019', 'windows'],
    ['WINDOWS', 'windows'],
    ['Ubuntu 24.04', 'linux'],
    ['debian 12', 'linux'],
    ['CentOS Stream 9', 'linux'],
    ['Arch Linux', 'linux'],
  ] as const)('%s -> %s', (os, family) => {
    expect(osFamilyOf(os)).toBe(family);
  });

  it.each([null, undefined, '', 'FreeBSD 14', 'Rocky 9'])('%s names no family', (os) => {
    expect(osFamilyOf(os)).toBeNull();
  });
});

describe('vpsFitsOrderOs', () => {
  it('keeps to the family the order names', () => {
    expect(vpsFitsOrderOs('Windows Server 2022', 'windows')).toBe(true);
    expect(vpsFitsOrderOs('Windows Server 2022', 'linux')).toBe(false);
    expect(vpsFitsOrderOs('Debian 12', 'linux')).toBe(true);
    expect(vpsFitsOrderOs('Debian 12', 'windows')).toBe(false);
  });

  it('lets any machine fit an order without a known OS', () => {
    expect(vpsFitsOrderOs(null, 'windows')).toBe(true);
    expect(vpsFitsOrderOs('FreeBSD', 'linux')).toBe(true);
  });
});
