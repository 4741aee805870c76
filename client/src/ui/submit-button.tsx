import type { ButtonHTMLAttributes, ReactNode } from 'react';
import '../styles/forms.css';

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  busy?: boolean;
  /** Shown instead of the label while busy (e.g. 'Connexion en cours…'). */
  busyLabel?: ReactNode;
  children: ReactNode;
}

/** A primary, full-width submit button with a busy state: disabled, spinner, aria-busy. */
export function SubmitButton({ busy = false, busyLabel, disabled, children, className, ...rest }: Props) {
  return (
    <button
      type="submit"
      className={['button button--primary button--block', className ?? ''].filter(Boolean).join(' ')}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
