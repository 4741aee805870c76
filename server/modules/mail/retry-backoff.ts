// How long a mail that could not leave waits before the next try: a mail server that is down for
// a moment or for an afternoon still gets the mail out, without being hammered meanwhile.

const RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 180] as const;

/** Tries in all (the first one included) before a mail is marked failed for staff to look at. */
export const MAX_MAIL_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;

/** When to try again after `attempts` failed tries, or null when that was the last one. */
export function nextMailAttempt(attempts: number, now: Date): Date | null {
  const minutes = RETRY_DELAYS_MINUTES[attempts - 1];
  if (attempts >= MAX_MAIL_ATTEMPTS || minutes === undefined) return null;
  return new Date(now.getTime() + minutes * 60_000);
}
