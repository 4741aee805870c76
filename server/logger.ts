import pino, { type DestinationStream, type Logger } from 'pino';
import { boundedErrorSerializer } from './logger-bounded-error';

// Secrets never reach the logs: headers and body fields that carry them are censored.
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.admin_password',
  '*.token',
  '*.accountIBAN',
];

/** The app's logger, to stdout unless a destination is given (tests read what would be written). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT, censor: '[redacted]' }, serializers: { err: boundedErrorSerializer } };
  return destination ? pino(options, destination) : pino(options);
}
