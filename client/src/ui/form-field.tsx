import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../styles/forms.css';

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  /** Already translated. */
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** The same error already shows by another field (its element id): mark this one invalid without repeating it. */
  errorShownAt?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, control, hint and inline error; the control gets aria-invalid and aria-describedby. */
export function FormField({ id, label, error, hint, required = false, className, errorShownAt, children }: FieldProps) {
  const { t } = useTranslation();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? (errorShownAt ?? `${id}-error`) : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && (
          <>
            <span className="field__required" aria-hidden="true">
              {' *'}
            </span>
            <span className="visually-hidden"> {t('form.required')}</span>
          </>
        )}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && !errorShownAt && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'>;

/** A text-like input inside a FormField. */
export function TextField({
  id,
  label,
  error,
  hint,
  required,
  className,
  errorShownAt,
  ...input
}: InputProps & { id: string; label: ReactNode; error?: string | undefined; hint?: ReactNode; errorShownAt?: string | undefined }) {
  // className styles the field (e.g. a grid span); the input keeps the shared look.
  return (
    <FormField id={id} label={label} error={error} hint={hint} required={required} className={className} errorShownAt={errorShownAt}>
      {(control) => <input className="input" required={required} {...input} {...control} />}
    </FormField>
  );
}

export function FieldError({ id, children }: { id?: string | undefined; children: ReactNode }) {
  return (
    <p id={id} className="field__error">
      <ErrorIcon />
      <span>{children}</span>
    </p>
  );
}

export function ErrorIcon() {
  return (
    <svg className="field__icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="M8 4.2v4.6" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="8" cy="11.6" r="1" fill="#fff" />
    </svg>
  );
}
