import { describe, expect, it } from 'vitest';
import { eurosToCents } from './euro-cents';

describe('eurosToCents', () => {
  it.each([
    ['9,99', 999],
    ['9.99', 999],
    ['10', 1000],
    ['0.29', 29],
    ['1,5', 150],
    [' 12 ', 1200],
    ['0', 0],
  ])('%s € is %i cents', (typed, cents) => expect(eurosToCents(typed)).toBe(cents));

  it.each(['', 'abc', '9,999', '-1', '1e3', '1.2.3'])('%s is not an amount', (typed) => expect(eurosToCents(typed)).toBeNull());
});
