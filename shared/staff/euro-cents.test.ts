import { describe, expect, it } from 'vitest';
import { eurosToCents } from './euro-cents';

describe('eurosToCents (the form and the server read euros the same way)', () => {
  it.each([
    ['12.50', 1250],
    [12.5, 1250],
    [9.99, 999],
    [0.29, 29],
    [1.1, 110],
    [10, 1000],
  ] as const)('%j € is %i cents, with no float drift', (euros, cents) => expect(eurosToCents(euros)).toBe(cents));

  it.each([0.1 + 0.2, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e21])('%j is not an amount', (euros) =>
    expect(eurosToCents(euros)).toBeNull(),
  );
});
