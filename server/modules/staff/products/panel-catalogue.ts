import type { GamePanelCatalogueDto } from '../../../../shared/schemas/staff/products';
import { HttpError } from '../../../http/errors';
import { GamePanelRefused, GamePanelUnavailable, type PanelCatalogue, type PanelEgg } from '../../../providers/game-panel/types';

/** What the product forms need of the game panel: its lists (the adapter, live or sandbox, is one). */
export interface PanelCatalogueReader {
  catalogue(): Promise<PanelCatalogue>;
}

export const GamePanelUnreachable = () =>
  new HttpError(503, 'game_panel_unavailable', 'The game panel does not answer: its lists cannot be read now, try again later');
export const GamePanelRefusedUs = () =>
  new HttpError(
    502,
    'game_panel_refused',
    'The game panel refused to list its eggs and locations: check the application key’s permissions',
  );

/** The panel's lists, or a clear 503 (down, slow) or 502 (it refuses our key) instead of a 500. */
export async function readPanelCatalogue(panel: PanelCatalogueReader): Promise<PanelCatalogue> {
  try {
    return await panel.catalogue();
  } catch (err) {
    if (err instanceof GamePanelUnavailable) throw GamePanelUnreachable();
    if (err instanceof GamePanelRefused) throw GamePanelRefusedUs();
    throw err;
  }
}

/** Whether the panel refuses a server without this variable (its rules hold `required`). */
export const isRequiredVariable = (variable: PanelEgg['variables'][number]) =>
  variable.rules.split('|').some((rule) => rule.trim() === 'required');

export function presentPanelCatalogue(catalogue: PanelCatalogue): GamePanelCatalogueDto {
  return {
    flavour: catalogue.flavour,
    nests: catalogue.nests.map(({ id, name }) => ({ id, name })),
    eggs: catalogue.eggs.map((egg) => ({
      id: egg.id,
      nest: egg.nest,
      name: egg.name,
      dockerImages: egg.dockerImages,
      startup: egg.startup,
      variables: egg.variables.map((v) => ({
        envVariable: v.envVariable,
        name: v.name,
        defaultValue: v.defaultValue,
        rules: v.rules,
        required: isRequiredVariable(v),
      })),
    })),
    locations: catalogue.locations.map(({ id, short, long }) => ({ id, short, long })),
    tags: catalogue.tags,
  };
}
