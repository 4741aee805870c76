import type { ReactNode } from 'react';
import { ErrorIcon } from './form-field';
import '../styles/forms.css';

type Tone = 'error' | 'success' | 'info';

/**
 * A message above or below a form. Errors are announced at once (role="alert"); success and
 * information politely (role="status").
 */
export function FormAlert({ tone, children, id, role }: { tone: Tone; children: ReactNode; id?: string; role?: string }) {
  return (
    <div id={id} className={`form-alert form-alert--${tone}`} role={role ?? (tone === 'error' ? 'alert' : 'status')}>
      {tone === 'error' ? <ErrorIcon /> : tone === 'success' ? <CheckIcon /> : <InfoIcon />}
      <div className="form-alert__text">{children}</div>
    </div>
  );
}

function CheckIcon() {
  return (
    <svg className="field__icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="m4.8 8.2 2.1 2.1 4.3-4.4" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function InfoIcon() {
  return (
    <svg className="field__icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="M8 7.2v4.4" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="8" cy="4.6" r="1" fill="#fff" />
    </svg>
  );
}
