import { useEffect, useRef } from 'react';
import { FormAlert } from '../../ui/form-alert';
import type { PaymentNotice } from './use-wallet-payment';

/**
 * A wallet payment's outcome above the table. A paid row loses the button that had focus: the
 * notice takes it then, so keyboard users are not sent back to the top of the page.
 */
export function PaymentNoticeAlert({ notice }: { notice: PaymentNotice }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) ref.current?.focus();
  }, [notice]);
  return (
    <div ref={ref} className="payment-notice" tabIndex={-1}>
      <FormAlert tone={notice.tone}>{notice.text}</FormAlert>
    </div>
  );
}
