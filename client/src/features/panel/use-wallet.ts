import { useCallback } from 'react';
import { walletApi } from '../../../../shared/contract/wallet';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { usePolling } from './use-polling';

// The balance moves rarely (a payment made here, a credit from Billing): once a minute is plenty,
// and a payment from this page asks again at once.
const WALLET_REFRESH_MS = 60_000;
const walletDelay = () => WALLET_REFRESH_MS;

/** The customer's wallet (GET /api/wallet): balance, currency, latest movements; `refresh` reads it again now. */
export function useWallet() {
  const api = useAuthedApi();
  const read = useCallback(async (signal: AbortSignal) => api.call(walletApi.get, {}, { signal }), [api]);
  const { state, retry, replace } = usePolling({ load: api.token ? read : null, delayAfter: walletDelay });
  return { state, refresh: retry, replace };
}
