import { describe, expect, it } from 'vitest';
import { centsToDecimal, decimalToCents } from './money';

describe('centsToDecimal', () => {
  it.each([
    [1234, '12.34'],
    [5, '0.05'],
    [50, '0.50'],
    [0, '0.00'],
    [100, '1.00'],
    [1999, '19.99'],
    [123456789, '1234567.89'],
    [-5, '-0.05'],
    [-1234, '-12.34'],
  ])('%i cents -> %s', (cents, expected) => {
    expect(centsToDecimal(cents)).toBe(expected);
  });

  it('refuses fractions of a cent and non-numbers', () => {
    expect(() => centsToDecimal(12.5)).toThrow(RangeError);
    expect(() => centsToDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => centsToDecimal(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('decimalToCents', () => {
  it.each([
    ['12.34', 1234],
    ['12.3', 1230],
    ['12', 1200],
    ['0.05', 5],
    ['0.1', 10],
    ['0', 0],
    ['19.99', 1999],
    ['12.340', 1234],
    ['007.50', 750],
    ['-12.34', -1234],
    ['-0.00', 0],
  ])('%s -> %i cents', (value, expected) => {
    expect(decimalToCents(value)).toBe(expected);
  });

  it('is exact where float maths is not', () => {
    // In floats 0.29 * 100 = 28.999999999999996, 4.35 * 100 = 434.99999999999994, 1.1 * 100 = 110.00000000000001.
    expect(decimalToCents('0.29')).toBe(29);
    expect(decimalToCents('4.35')).toBe(435);
    expect(decimalToCents('1.10')).toBe(110);
  });

  it('round-trips every cent value it produced', () => {
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 4999, 100000]) {
      expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
    }
  });

  const garbage = ['', ' 12.34', '12.34 ', '12,34', '1e3', '.5', '5.', '12.345', '0.001', 'abc', '12.3.4', '+1'];
  it.each([...garbage, '0x10', 'NaN', '99999999999999999'])('throws on %j', (value) => {
    expect(() => decimalToCents(value)).toThrow(RangeError);
  });
});
