import { describe, expect, it } from 'vitest';
import { MAX_MAIL_ATTEMPTS, nextMailAttempt } from './retry-backoff';

describe('mail retry backoff', () => {
  const now = new Date('2027-01-01T10:00:00Z');
  const minutesAfter = (attempts: number) => {
    const at = nextMailAttempt(attempts, now);
    return at && (at.getTime() - now.getTime()) / 60_000;
  };

  it('waits 1, 5, 15, 60 then 180 minutes, then gives up after the sixth try', () => {
    expect([1, 2, 3, 4, 5].map(minutesAfter)).toEqual([1, 5, 15, 60, 180]);
    expect(MAX_MAIL_ATTEMPTS).toBe(6);
    expect(nextMailAttempt(6, now)).toBeNull();
    expect(nextMailAttempt(7, now)).toBeNull(); // a staff retry that fails again
  });
});
