import { describe, expect, it } from 'vitest';
import { deviceOfCookie, signDeviceCookie } from './device-cookie';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('device cookies', () => {
  it('names its device for the e-mail it was set for, and a new one each time', () => {
    const first = signDeviceCookie('client@example.test', SECRET);
    const second = signDeviceCookie('client@example.test', SECRET);
    expect(deviceOfCookie(first, 'client@example.test', SECRET)).toBe(first.split('.')[0]);
    expect(deviceOfCookie(second, 'client@example.test', SECRET)).not.toBe(deviceOfCookie(first, 'client@example.test', SECRET));
  });

  it('is worth nothing for another account, with another secret, tampered with, or malformed', () => {
    const cookie = signDeviceCookie('client@example.test', SECRET);
    const [nonce, signature] = cookie.split('.') as [string, string];
    expect(deviceOfCookie(cookie, 'victim@example.test', SECRET)).toBeNull();
    expect(deviceOfCookie(cookie, 'client@example.test', `${SECRET}-rotated`)).toBeNull();
    expect(deviceOfCookie(`${'A'.repeat(22)}.${signature}`, 'client@example.test', SECRET)).toBeNull();
    expect(deviceOfCookie(`${nonce}.${'B'.repeat(43)}`, 'client@example.test', SECRET)).toBeNull();
    expect(deviceOfCookie(`${cookie}x`, 'client@example.test', SECRET)).toBeNull();
    expect(deviceOfCookie(undefined, 'client@example.test', SECRET)).toBeNull();
  });
});
