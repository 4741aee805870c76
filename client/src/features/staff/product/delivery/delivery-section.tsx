import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { DELIVERY_MODES } from '../../../../../../shared/constants';
import { useGamePanelCatalogue } from './api/get-game-panel-catalogue';
import type { DeliveryForm } from './delivery-field';
import { OsChoiceFields } from './os-choice-fields';
import { PterodactylFields } from './pterodactyl-fields';
import { VariantFields } from './variant-fields';
import { InventoryFields, OvhFields } from './vps-delivery-fields';
import '../../../../styles/staff-delivery-form.css';

/**
 * "Livraison" (issue 31): by an agent, from the VPS inventory, ordered at OVH, or on the game
 * panel, with that mode's settings; the systems a VPS buyer chooses, or a game's versions.
 */
export function DeliverySection({ form, disabled }: { form: DeliveryForm; disabled: boolean }) {
  const { t } = useTranslation();
  const mode = useWatch({ control: form.control, name: 'delivery.mode' });
  const game = mode === 'pterodactyl';
  const catalogue = useGamePanelCatalogue(game);

  return (
    <fieldset className="product-card delivery-section">
      <legend className="product-card__title">{t('staff.delivery.title')}</legend>
      <div className="product-card__grid">
        <fieldset className="delivery-modes product-form__wide">
          <legend className="delivery-list__title">{t('staff.delivery.mode')}</legend>
          <div className="delivery-modes__options">
            {DELIVERY_MODES.map((one) => (
              <div key={one} className="checkbox-field">
                <input type="radio" id={`delivery-mode-${one}`} value={one} disabled={disabled} {...form.register('delivery.mode')} />
                <label htmlFor={`delivery-mode-${one}`}>{t(`staff.delivery.modes.${one}`)}</label>
              </div>
            ))}
          </div>
          <p className="field__hint">{t(`staff.delivery.modeHint.${mode}`)}</p>
        </fieldset>
        {mode === 'inventory' && <InventoryFields form={form} disabled={disabled} />}
        {mode === 'ovh_order' && <OvhFields form={form} disabled={disabled} />}
        {game && (
          <PterodactylFields
            form={form}
            catalogue={catalogue.data}
            catalogueFailed={catalogue.isError && !catalogue.data}
            onRetry={() => void catalogue.refetch()}
            disabled={disabled}
          />
        )}
        {game ? (
          <VariantFields form={form} catalogue={catalogue.data} disabled={disabled} />
        ) : (
          <OsChoiceFields form={form} disabled={disabled} />
        )}
      </div>
    </fieldset>
  );
}
