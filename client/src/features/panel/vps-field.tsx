import type { ReactNode } from 'react';

/** One label / value row of a detail section (inside a <dl>). */
export function VpsField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="vps-field">
      <dt className="vps-field__label">{label}</dt>
      <dd className="vps-field__data">{children}</dd>
    </div>
  );
}
