import { z } from 'zod';

// Field rules shared by the account schemas. Messages are locale keys (spec §5 names them).

export const PASSWORD_MIN_LENGTH = 6;

// `error` also covers a field that is missing altogether, so API callers get the locale key too.
export const email = z
  .string({ error: 'register.erroremail' })
  .trim()
  .toLowerCase()
  .min(1, 'register.erroremail')
  .pipe(z.email('register.erroremail'));
export const required = (key: string) => z.string({ error: key }).trim().min(1, key);
export const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null));
