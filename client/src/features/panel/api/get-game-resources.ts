import { useQuery } from '@tanstack/react-query';
import { gameConsoleApi } from '../../../../../shared/contract/game-console';
import { REFRESH_MS } from '../../../api/query-client';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import { servicesKeys } from './services-keys';

export const gameResourcesKey = (id: number) => [...servicesKeys.detail(id), 'resources'] as const;

/** GET /api/services/{id}/resources: the game server's live use, every 10 s while the tab is seen. */
export function useGameResources(id: number) {
  const api = useAuthedApi();
  return useQuery({
    queryKey: gameResourcesKey(id),
    queryFn: ({ signal }) => api.call(gameConsoleApi.resources, { params: { id: String(id) } }, { signal }),
    enabled: api.token !== null,
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
