import { useEffect, useState } from 'react';
import type { sellerApi } from '../../../shared/contract/seller';
import type { SellerIdentity } from '../../../shared/schemas/seller';
import { callApi } from './call';
import { useHydration } from './initial-data';
import { PUBLIC_ROUTES } from './public-routes';

// Who sells (GET /api/seller), for the footer, the legal pages and the contact page (issue 34).
// A page the server rendered carries it in its data (no call); the app asks once per visit: it
// changes only when the shop restarts. Like the catalogue on public pages, this stays out of
// TanStack Query, which the public pages' JavaScript does not load.

let asked: Promise<SellerIdentity> | undefined;

/** Public pages do not check answers against the contract (no zod there): at least the shape the pages read. */
function isSellerIdentity(value: unknown): value is SellerIdentity {
  const seller = value as Partial<SellerIdentity> | null;
  return typeof seller?.name === 'string' && typeof seller.vatNumber === 'string' && typeof seller.hosting?.name === 'string';
}

function askSeller(): Promise<SellerIdentity> {
  asked ??= callApi<typeof sellerApi.identity>(PUBLIC_ROUTES.seller)
    .then((answer: unknown) => {
      if (!isSellerIdentity(answer)) throw new Error('GET /api/seller: not a seller identity');
      return answer;
    })
    .catch((error: unknown) => {
      asked = undefined; // the next page asks again
      throw error;
    });
  return asked;
}

/** The seller's identity; undefined while the app still asks for it (or could not get it). */
export function useSeller(): SellerIdentity | undefined {
  const { data } = useHydration();
  const [seller, setSeller] = useState<SellerIdentity | undefined>(() => data.seller);

  useEffect(() => {
    if (seller) return;
    let live = true;
    askSeller().then(
      (identity) => live && setSeller(identity),
      (error: unknown) => console.error("Could not load the seller's identity", error),
    );
    return () => {
      live = false;
    };
  }, [seller]);

  return seller;
}
