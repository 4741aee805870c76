import type { DeliverySettings, GameVariant } from '../../../../shared/schemas/delivery-settings';
import { ValidationError } from '../../../http/errors';
import { readPanelCatalogue, type PanelCatalogueReader } from './panel-catalogue';
import { panelSettingsErrors } from './panel-settings-check';

/**
 * Refuses (400, with the fields) Pterodactyl settings the panel would refuse at the first delivery;
 * other modes need no panel. Reads the panel's lists: call it before the transaction that saves.
 */
export async function assertPanelTakes(
  panel: PanelCatalogueReader,
  delivery: DeliverySettings,
  variants: readonly GameVariant[],
): Promise<void> {
  if (delivery.mode !== 'pterodactyl') return;
  const errors = panelSettingsErrors(await readPanelCatalogue(panel), delivery.pterodactyl, variants);
  if (Object.keys(errors).length) throw ValidationError(errors, 'The game panel would refuse these settings');
}
