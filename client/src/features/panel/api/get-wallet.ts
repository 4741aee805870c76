import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { walletApi } from '../../../../../shared/contract/wallet';
import type { WalletDto } from '../../../../../shared/schemas/wallet';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { queryListState } from '../../../ui/query-list-state';
import { panelKeys } from './panel-keys';

// The balance moves rarely (a payment made here, a credit from Billing): once a minute is plenty,
// and a payment from this page asks again at once.
const WALLET_REFRESH_MS = 60_000;

/** The customer's wallet (GET /api/wallet): balance, currency, latest movements; `refresh` reads it again now. */
export function useWallet() {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: panelKeys.wallet,
    queryFn: ({ signal }) => api.call(walletApi.get, {}, { signal }),
    enabled: api.token !== null,
    // A failure shows at once; the retry button, or the next refresh, asks again.
    retry: false,
    refetchInterval: WALLET_REFRESH_MS,
  });
  const { refetch, data, isError } = query;
  // After a failure with nothing shown: 'loading' again; otherwise the balance shown stays until the answer.
  const failed = data === undefined && isError;
  const refresh = useCallback(
    () => void (failed ? queryClient.resetQueries({ queryKey: panelKeys.wallet, exact: true }) : refetch()),
    [failed, queryClient, refetch],
  );
  const replace = useCallback(
    async (change: (wallet: WalletDto) => WalletDto) => {
      await queryClient.cancelQueries({ queryKey: panelKeys.wallet });
      queryClient.setQueryData<WalletDto>(panelKeys.wallet, (wallet) => (wallet ? change(wallet) : wallet));
    },
    [queryClient],
  );
  return { state: queryListState(query), refresh, replace };
}
