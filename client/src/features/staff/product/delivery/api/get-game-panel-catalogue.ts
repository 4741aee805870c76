import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { endpoint } from '../../../../../../../shared/contract/endpoint';
import { useStaffApi } from '../../../use-staff-api';

// GET /api/admin/game-panel/catalogue: what the product form picks from (the panel's nests, eggs,
// locations or node tags, or its sandbox's). Declared here until shared/contract/ names it.

const panelEggSchema = z.object({
  id: z.number().int(),
  nest: z.number().int().nullable(),
  name: z.string(),
  dockerImages: z.record(z.string(), z.string()),
  startup: z.string(),
  variables: z.array(z.object({ envVariable: z.string(), name: z.string(), defaultValue: z.string(), rules: z.string() })),
});
export type PanelEgg = z.infer<typeof panelEggSchema>;

export const gamePanelCatalogueSchema = z.object({
  flavour: z.enum(['pterodactyl', 'pelican']),
  nests: z.array(z.object({ id: z.number().int(), name: z.string() })),
  eggs: z.array(panelEggSchema),
  locations: z.array(z.object({ id: z.number().int(), short: z.string(), long: z.string().nullable() })),
  tags: z.array(z.string()),
});
export type GamePanelCatalogue = z.infer<typeof gamePanelCatalogueSchema>;

export const gamePanelCatalogueApi = endpoint({
  method: 'get',
  path: '/api/admin/game-panel/catalogue',
  summary: 'The game panel’s nests, eggs (images, startup, variables), locations or node tags, for the product form',
  tag: 'staff-products',
  access: 'staff',
  response: gamePanelCatalogueSchema,
});

/** The panel's catalogue, read once the game panel is the chosen delivery (it changes rarely: kept 5 minutes). */
export function useGamePanelCatalogue(enabled: boolean) {
  const api = useStaffApi();
  return useQuery({
    queryKey: ['staff', 'game-panel', 'catalogue'],
    queryFn: ({ signal }) => api.call(gamePanelCatalogueApi, {}, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
