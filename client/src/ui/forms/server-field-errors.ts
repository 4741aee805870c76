import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../api/client';

/** What is asked of i18next. */
interface Texts {
  exists: (key: string) => boolean;
}

/** A text the locales have: the server's field messages are locale keys when it has one. */
export function isLocaleKey(value: unknown, i18n: Texts): value is string {
  return typeof value === 'string' && /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/.test(value) && i18n.exists(value);
}

interface Options<T extends FieldValues> {
  /** The key shown for a field whose message the locales lack; without it such a field is left alone. */
  fallback?: string;
  /** A server field shown by another of the form's fields (e.g. `currency` under the country). */
  shownAt?: Partial<Record<string, Path<T>>>;
}

/**
 * A refused call's 400 `fields` (`{ name: localeKey }`, see api/client.ts) set on the form with
 * `setError`, the first of them in the form's own order focused. Returns whether any was set.
 * The form's default values give its field names and their order.
 */
export function setServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
  i18n: Texts,
  { fallback, shownAt = {} }: Options<T> = {},
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const order = Object.keys(form.getValues());
  const found = new Map<string, string>();
  for (const [serverName, value] of Object.entries(error.fields)) {
    const name = shownAt[serverName] ?? serverName;
    // Some answers carry a list of messages per field: the first one says it.
    const message = Array.isArray(value) ? (value as unknown[])[0] : value;
    const key = isLocaleKey(message, i18n) ? message : fallback;
    if (key && order.includes(name) && !found.has(name)) found.set(name, key);
  }
  const names = order.filter((name) => found.has(name));
  names.forEach((name, index) =>
    form.setError(name as Path<T>, { type: 'server', message: found.get(name) }, { shouldFocus: index === 0 }),
  );
  return names.length > 0;
}

/** The translated text of a field's error (its message is a locale key, `values` its placeholders), or undefined. */
export function errorText(
  t: (key: string, values?: Record<string, unknown>) => string,
  error: Pick<FieldError, 'message'> | undefined,
  values?: Record<string, unknown>,
): string | undefined {
  return error?.message ? t(error.message, values) : undefined;
}
