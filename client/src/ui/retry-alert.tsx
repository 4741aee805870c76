import { useTranslation } from 'react-i18next';
import { FormAlert } from './form-alert';

type Translate = (key: string, options: Record<string, unknown>) => string;

/**
 * The countdown as it ticks: the spec's "Réessayez dans 42 secondes" up to a minute; above it,
 * minutes and seconds ("14 min 05 s"), so a 15-minute lock is seen moving each second (issue 34).
 */
export function retryText(t: Translate, message: string, seconds: number): string {
  if (seconds <= 60) return t('login.errorretry', { message, n: seconds });
  return t('login.errorretryclock', { message, minutes: Math.floor(seconds / 60), seconds: String(seconds % 60).padStart(2, '0') });
}

/** Said once to screen readers: the whole wait, in minutes (rounded up) once over a minute. */
function retryAnnouncement(t: Translate, message: string, seconds: number): string {
  return seconds > 60 ? t('login.errorretryminutes', { message, n: Math.ceil(seconds / 60) }) : retryText(t, message, seconds);
}

interface Props {
  /** What was refused, e.g. "Trop de tentatives de connexion". */
  message: string;
  /** The wait the server gave (Retry-After), announced once. */
  startSeconds: number;
  /** What is left of it, shown and ticking down. */
  leftSeconds: number;
}

/** A 429 explained: announced once to screen readers, then a visible countdown that does not re-announce. */
export function RetryAlert({ message, startSeconds, leftSeconds }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <span className="visually-hidden" role="alert">
        {retryAnnouncement(t, message, startSeconds)}
      </span>
      <FormAlert tone="error" role="timer">
        {retryText(t, message, leftSeconds)}
      </FormAlert>
    </>
  );
}
