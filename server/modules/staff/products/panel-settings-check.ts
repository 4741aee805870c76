import { gameServerSettingsFor, type GameVariant, type PterodactylSettings } from '../../../../shared/schemas/delivery-settings';
import type { FieldErrors } from '../../../http/errors';
import { checkEggEnvironment } from '../../../providers/game-panel/panel-validation';
import type { PanelCatalogue, PanelEgg } from '../../../providers/game-panel/types';

// A product's Pterodactyl settings read against the panel's own lists before they are saved
// (issue 31): what the panel would refuse at the first delivery is refused in the form instead,
// with the field to fix. Pure: the catalogue is read first, outside any transaction.

const SETTINGS = 'delivery.pterodactyl';

/** What one egg is asked to install (the product's settings, or a variant's over them), checked at `at`. */
function checkInstall(
  catalogue: PanelCatalogue,
  install: { egg: number; dockerImage: string; environment: Record<string, string> },
  at: { egg: string; dockerImage: string; environment: string },
  errors: FieldErrors,
): PanelEgg | undefined {
  const egg = catalogue.eggs.find((e) => e.id === install.egg);
  if (!egg) {
    errors[at.egg] = ['Cet egg n’existe pas sur le panel.'];
    return undefined;
  }
  if (!Object.values(egg.dockerImages).includes(install.dockerImage)) {
    errors[at.dockerImage] = [`Image Docker inconnue de l’egg ${egg.name}.`];
  }
  // The egg's own rules, read as the panel reads them (a variable left out is not given its default).
  for (const failure of checkEggEnvironment(egg.variables, install.environment)) {
    const variable = failure.field.slice('environment.'.length);
    const name = egg.variables.find((v) => v.envVariable === variable)?.name ?? variable;
    (errors[`${at.environment}.${variable}`] ??= []).push(
      failure.rule === 'required'
        ? `La variable « ${name} » est obligatoire pour l’egg ${egg.name}.`
        : `Le panel refuserait la variable « ${name} » : ${failure.detail}`,
    );
  }
  return egg;
}

/** Where the panel may place the server: locations on Pterodactyl, node tags on Pelican, each one the panel knows. */
function checkDeployTarget(catalogue: PanelCatalogue, settings: PterodactylSettings, errors: FieldErrors): void {
  if (catalogue.flavour === 'pterodactyl') {
    if (settings.tags.length) errors[`${SETTINGS}.tags`] = ['Pterodactyl place les serveurs par emplacement, pas par tag.'];
    if (!settings.locations.length) errors[`${SETTINGS}.locations`] = ['Choisissez au moins un emplacement.'];
    const known = new Set(catalogue.locations.map((l) => l.id));
    const unknown = settings.locations.filter((id) => !known.has(id));
    if (unknown.length) errors[`${SETTINGS}.locations`] = [`Emplacement inconnu du panel : ${unknown.join(', ')}.`];
    return;
  }
  if (settings.locations.length) errors[`${SETTINGS}.locations`] = ['Pelican place les serveurs par tag de nœud, pas par emplacement.'];
  if (!settings.tags.length) errors[`${SETTINGS}.tags`] = ['Choisissez au moins un tag de nœud.'];
  const unknown = settings.tags.filter((tag) => !catalogue.tags.includes(tag));
  if (unknown.length) errors[`${SETTINGS}.tags`] = [`Tag inconnu du panel : ${unknown.join(', ')}.`];
}

/**
 * The fields the panel would refuse, by path (`delivery.pterodactyl.egg`,
 * `delivery.pterodactyl.environment.SERVER_JARFILE`, `variants.1.egg`…); empty when it would take them.
 */
export function panelSettingsErrors(
  catalogue: PanelCatalogue,
  settings: PterodactylSettings,
  variants: readonly GameVariant[],
): FieldErrors {
  const errors: FieldErrors = {};
  const nestKnown = settings.nest === undefined || catalogue.nests.some((n) => n.id === settings.nest);
  if (!nestKnown) errors[`${SETTINGS}.nest`] = ['Ce nest n’existe pas sur le panel.'];
  const egg = checkInstall(
    catalogue,
    settings,
    { egg: `${SETTINGS}.egg`, dockerImage: `${SETTINGS}.dockerImage`, environment: `${SETTINGS}.environment` },
    errors,
  );
  if (egg && nestKnown && settings.nest !== undefined && egg.nest !== null && egg.nest !== settings.nest) {
    errors[`${SETTINGS}.egg`] = [`L’egg ${egg.name} n’appartient pas au nest choisi.`];
  }
  checkDeployTarget(catalogue, settings, errors);
  variants.forEach((variant, index) => {
    const at = `variants.${index}`;
    checkInstall(
      catalogue,
      gameServerSettingsFor(settings, variant),
      { egg: `${at}.egg`, dockerImage: `${at}.dockerImage`, environment: `${at}.environment` },
      errors,
    );
  });
  return errors;
}
