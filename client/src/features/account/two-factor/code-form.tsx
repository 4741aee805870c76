import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { ApiError } from '../../../api/client';
import { FormAlert } from '../../../ui/form-alert';
import { TextField } from '../../../ui/form-field';
import { errorText, setServerFieldErrors } from '../../../ui/forms/server-field-errors';
import { SubmitButton } from '../../../ui/submit-button';

/** The answer's translated error: a field error of the server first, else one line for the form. */
export function errorKeysOf(error: unknown): { fields: Record<string, string>; form: string | null } {
  if (error instanceof ApiError) {
    // The client keeps each field's first message (a locale key); an array is read the same way.
    const first = (keys: unknown) => String((Array.isArray(keys) ? keys[0] : keys) ?? '');
    const fields = Object.fromEntries(Object.entries(error.fields ?? {}).map(([name, keys]) => [name, first(keys)]));
    if (Object.keys(fields).length) return { fields, form: null };
    if (error.status === 429) return { fields: {}, form: 'twoFactor.errors.tooMany' };
    // The staff enrolment link spent or expired meanwhile (another tab, 24 hours gone).
    if (error.error === 'invalid_token') return { fields: {}, form: 'twoFactor.errors.linkInvalid' };
  }
  return { fields: {}, form: 'twoFactor.errors.generic' };
}

interface Props {
  id: string;
  label: string;
  submitLabel: string;
  busyLabel: string;
  /** Extra fields above the code (the password when turning it off). */
  before?: ReactNode;
  /** Checks the value; a locale key when it is not right. */
  check: (code: string) => string | null;
  onSubmit: (code: string) => Promise<void>;
  danger?: boolean;
}

/** One code field and its button; the server's refusal is shown under the field. */
export function CodeForm({ id, label, submitLabel, busyLabel, before, check, onSubmit, danger }: Props) {
  const { t } = useTranslation();
  const { i18n } = useTranslation();
  // The caller's rule (six digits, or either kind of code) as the form's resolver.
  const resolver: Resolver<{ code: string }> = (values): ResolverResult<{ code: string }> => {
    const problem = check(values.code);
    if (problem) return { values: {}, errors: { code: { type: 'format', message: problem } } };
    return { values, errors: {} };
  };
  const form = useForm({ resolver, defaultValues: { code: '' } });
  const {
    register,
    formState: { errors, isSubmitting: busy },
  } = form;
  const [formError, setFormError] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      await onSubmit(code);
      form.reset();
    } catch (error) {
      const { fields, form: formKey } = errorKeysOf(error);
      setServerFieldErrors(form, error, i18n, { shownAt: { recoveryCode: 'code' } });
      // The password sits outside this form (`before`): its refusal is said above it.
      setFormError(formKey ?? fields.password ?? null);
    }
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      {formError && <FormAlert tone="error">{t(formError)}</FormAlert>}
      {before}
      <TextField id={id} label={label} autoComplete="one-time-code" required {...register('code')} error={errorText(t, errors.code)} />
      <SubmitButton busy={busy} busyLabel={busyLabel} className={danger ? 'two-factor__danger' : undefined}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
