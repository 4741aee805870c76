import { describe, expect, it } from 'vitest';
import { addMonths, deletionDate, renewalCalendar, servicePeriodMonths } from './service-period';

describe('servicePeriodMonths', () => {
  it('reads the product duration in months', () => {
    expect(servicePeriodMonths('1', 'default')).toBe(1);
    expect(servicePeriodMonths(' 3 ', 'default')).toBe(3);
    expect(servicePeriodMonths('12', null)).toBe(12);
  });

  it('an upfront pricing mode pays its months at once', () => {
    expect(servicePeriodMonths('1', 'upfront12')).toBe(12);
    expect(servicePeriodMonths('1', 'upfront6')).toBe(6);
  });

  it('falls back to one month on anything unreadable', () => {
    for (const raw of ['', 'abc', '0', '-2', '1.5', '500', null, undefined]) expect(servicePeriodMonths(raw, 'default')).toBe(1);
    expect(servicePeriodMonths('1', 'degressivity12')).toBe(1);
  });
});

describe('addMonths', () => {
  it('keeps the day of the month, or the month end when it has fewer days', () => {
    expect(addMonths(new Date('2026-01-15T10:00:00Z'), 1).toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-30T10:00:00Z'), 3).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2027-12-31T00:00:00Z'), 2).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});

describe('renewalCalendar', () => {
  it('issues 7 days before, reminds 3 days before and on the day, suspends 7 days after, deletes 30 days later', () => {
    const expires = new Date('2026-12-20T12:00:00Z');
    const calendar = renewalCalendar(expires);
    expect(calendar.issueAt.toISOString()).toBe('2026-12-13T12:00:00.000Z');
    expect(calendar.reminderAt.toISOString()).toBe('2026-12-17T12:00:00.000Z');
    expect(calendar.dueAt.toISOString()).toBe('2026-12-20T12:00:00.000Z');
    expect(calendar.suspendAt.toISOString()).toBe('2026-12-27T12:00:00.000Z');
    expect(deletionDate(calendar.suspendAt).toISOString()).toBe('2027-01-26T12:00:00.000Z');
  });
});
