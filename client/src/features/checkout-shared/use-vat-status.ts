import { useEffect, useState } from 'react';
import { vatStatusSchema, type VatStatusDto } from '../../../../shared/schemas/vat';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { useSessionContext } from '../../app/session/session-context';

export const VAT_STATUS_PATH = '/api/account/vat';

/**
 * The logged-in customer's VAT treatment (EU reverse charge or the products' rate), asked once
 * per page: the server checks the VAT number with VIES on this call. Until it answers, and for
 * visitors or on any failure, null: the products' own rate, which is what the server charges too.
 */
export function useVatStatus(): VatStatusDto | null {
  const { user } = useSessionContext();
  const api = useAuthedApi();
  const [status, setStatus] = useState<VatStatusDto | null>(null);
  const userId = user?.id;

  useEffect(() => {
    setStatus(null);
    if (userId === undefined) return;
    let live = true;
    api.get<unknown>(VAT_STATUS_PATH).then(
      (answer) => {
        const parsed = vatStatusSchema.safeParse(answer);
        if (live) setStatus(parsed.success ? parsed.data : null);
      },
      () => undefined, // the standard rate stays; the server decides at checkout anyway
    );
    return () => {
      live = false;
    };
  }, [userId, api]);

  return status;
}
