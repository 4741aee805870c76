import { useEffect, useState } from 'react';
import type { vatApi } from '../../../../shared/contract/vat';
import { PUBLIC_ROUTES } from '../../api/public-routes';
import type { VatStatusDto } from '../../../../shared/schemas/vat';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { useSessionContext } from '../../app/session/session-context';

/** The path of the call, for tests that answer it. */
export const VAT_STATUS_PATH = PUBLIC_ROUTES.vatStatus.path;

/**
 * The logged-in customer's VAT treatment (EU reverse charge or the products' rate), asked once
 * per page: the server checks the VAT number with VIES on this call. Until it answers, and for
 * visitors or on any failure, null: the products' own rate, which is what the server charges too.
 * `pending` while a logged-in customer's answer is on its way: paying then would send a total the
 * server may refuse (reverse charge), so the pay buttons wait for it.
 */
export function useVatStatus(): { vat: VatStatusDto | null; pending: boolean } {
  const { user } = useSessionContext();
  const api = useAuthedApi();
  // Tagged with the user and the session's api it was asked with: another user's (or another
  // session's) answer is not this one, so it reads as pending until this one's arrives.
  const [answer, setAnswer] = useState<{ userId: number; api: typeof api; vat: VatStatusDto | null } | null>(null);
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    const settle = (vat: VatStatusDto | null) => {
      if (live) setAnswer({ userId, api, vat });
    };
    api.call<typeof vatApi.status>(PUBLIC_ROUTES.vatStatus).then(
      (vat) => settle(vat),
      () => settle(null), // the standard rate stays; the server decides at checkout anyway
    );
    return () => {
      live = false;
    };
  }, [userId, api]);

  const current = answer && answer.userId === userId && answer.api === api ? answer : null;
  return { vat: current?.vat ?? null, pending: userId !== undefined && current === null };
}
