import pino, { type Logger } from 'pino';

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

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } });
}
