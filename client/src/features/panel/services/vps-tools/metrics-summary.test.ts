import { describe, expect, it } from 'vitest';
import { averageAndMax, toMbps } from './metrics-summary';

describe('the graphs’ summary', () => {
  it('averages and maxes the points the machine reported, leaving the gaps out', () => {
    expect(averageAndMax({ values: [10, null, 30, 20] })).toEqual({ average: 20, max: 30 });
  });

  it('says nothing rather than zero when the period has no point', () => {
    expect(averageAndMax({ values: [null, null] })).toBeNull();
    expect(averageAndMax({ values: [] })).toBeNull();
  });

  it('shows network in megabits per second from OVH’s bits per second', () => {
    expect(toMbps(1_500_000)).toBe(1.5);
  });
});
