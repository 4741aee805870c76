import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { parseTrustProxy } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('trusts loopback only when unset', () => {
    expect(parseConfig({}).trustProxy).toEqual(['loopback']);
  });

  it('reads what Express accepts: a hop count, false, or addresses, CIDR ranges and names', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('loopback, uniquelocal')).toEqual(['loopback', 'uniquelocal']);
    expect(parseTrustProxy('172.18.0.2')).toEqual(['172.18.0.2']);
    expect(parseTrustProxy('10.0.0.0/8,fd00::/8, 192.168.0.0/255.255.0.0')).toEqual(['10.0.0.0/8', 'fd00::/8', '192.168.0.0/255.255.0.0']);
    expect(parseConfig({ TRUST_PROXY: 'loopback, 172.18.0.0/16' }).trustProxy).toEqual(['loopback', '172.18.0.0/16']);
  });

  it('stops the start on a value it cannot read, and on true (any client could name its own address)', () => {
    for (const wrong of ['true', 'yes', 'loopbak', '10.0.0.0/33', '300.1.1.1', ',']) {
      expect(() => parseConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY: /);
    }
  });
});
