import { useQuery } from '@tanstack/react-query';
import { staffProductsApi } from '../../../../../../../shared/contract/staff-products';
import type { GamePanelCatalogueDto } from '../../../../../../../shared/schemas/staff/products';
import { useStaffApi } from '../../../use-staff-api';

export type GamePanelCatalogue = GamePanelCatalogueDto;
export type PanelEgg = GamePanelCatalogueDto['eggs'][number];

/**
 * GET /api/admin/game-panel/catalogue: the panel's nests, eggs, locations or node tags (or its
 * sandbox's), read once the game panel is the chosen delivery; it changes rarely (kept 5 minutes).
 */
export function useGamePanelCatalogue(enabled: boolean) {
  const api = useStaffApi();
  return useQuery({
    queryKey: ['staff', 'game-panel', 'catalogue'],
    queryFn: ({ signal }) => api.call(staffProductsApi.gamePanelCatalogue, {}, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
