import { useTranslation } from 'react-i18next';
import { FormAlert } from './form-alert';

/** "Try again in 42 seconds", or in minutes (rounded up) once the wait is over a minute. */
export function retryText(t: (key: string, options: Record<string, unknown>) => string, message: string, seconds: number): string {
  return seconds > 60
    ? t('login.errorretryminutes', { message, n: Math.ceil(seconds / 60) })
    : t('login.errorretry', { message, n: seconds });
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
        {retryText(t, message, startSeconds)}
      </span>
      <FormAlert tone="error" role="timer">
        {retryText(t, message, leftSeconds)}
      </FormAlert>
    </>
  );
}
