import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { DELIVERY_MODES, SERVICE_KINDS } from '../../../../../../shared/constants';
import { useGamePanelCatalogue } from './api/get-game-panel-catalogue';
import type { DeliveryForm } from './delivery-field';
import { kindOf } from './delivery-form-values';
import { OsChoiceFields } from './os-choice-fields';
import { PterodactylFields } from './pterodactyl-fields';
import { VariantFields } from './variant-fields';
import { InventoryFields, OvhFields } from './vps-delivery-fields';
import '../../../../styles/staff-form.css';
import '../../../../styles/staff-delivery-form.css';

/**
 * "Livraison" (issue 31): by an agent, from the VPS inventory, ordered at OVH, or on the game
 * panel, with that mode's settings; the systems a VPS buyer chooses, or a game's versions.
 */
export function DeliverySection({ form, disabled }: { form: DeliveryForm; disabled: boolean }) {
  const { t } = useTranslation();
  const [mode, chosenKind] = useWatch({ control: form.control, name: ['delivery.mode', 'service_kind'] });
  const panel = mode === 'pterodactyl';
  const kind = kindOf(mode, chosenKind);
  const catalogue = useGamePanelCatalogue(panel);

  return (
    <fieldset className="product-card delivery-section">
      <legend className="product-card__title">{t('staff.delivery.title')}</legend>
      <div className="product-card__grid">
        <RadioGroup
          form={form}
          name="delivery.mode"
          legend={t('staff.delivery.mode')}
          options={DELIVERY_MODES.map((one) => ({ value: one, label: t(`staff.delivery.modes.${one}`) }))}
          hint={t(`staff.delivery.modeHint.${mode}`)}
          disabled={disabled}
        />
        {mode === 'manual' && (
          <RadioGroup
            form={form}
            name="service_kind"
            legend={t('staff.delivery.kind')}
            options={SERVICE_KINDS.map((one) => ({ value: one, label: t(`staff.delivery.kinds.${one}`) }))}
            disabled={disabled}
          />
        )}
        {mode === 'inventory' && <InventoryFields form={form} disabled={disabled} />}
        {mode === 'ovh_order' && <OvhFields form={form} disabled={disabled} />}
        {panel && (
          <PterodactylFields
            form={form}
            catalogue={catalogue.data}
            catalogueFailed={catalogue.isError && !catalogue.data}
            onRetry={() => void catalogue.refetch()}
            disabled={disabled}
          />
        )}
        {kind === 'game' ? (
          <VariantFields form={form} catalogue={panel ? catalogue.data : undefined} disabled={disabled} />
        ) : (
          <OsChoiceFields form={form} disabled={disabled} />
        )}
      </div>
    </fieldset>
  );
}

interface RadioGroupProps {
  form: DeliveryForm;
  name: 'delivery.mode' | 'service_kind';
  legend: string;
  options: { value: string; label: string }[];
  hint?: string;
  disabled: boolean;
}

/** One choice among a few, as radio buttons under a legend. */
function RadioGroup({ form, name, legend, options, hint, disabled }: RadioGroupProps) {
  return (
    <fieldset className="delivery-modes product-form__wide">
      <legend className="delivery-list__title">{legend}</legend>
      <div className="delivery-modes__options">
        {options.map((option) => {
          const id = `delivery-${name.replace('.', '-')}-${option.value}`;
          return (
            <div key={option.value} className="checkbox-field">
              <input type="radio" id={id} value={option.value} disabled={disabled} {...form.register(name)} />
              <label htmlFor={id}>{option.label}</label>
            </div>
          );
        })}
      </div>
      {hint && <p className="field__hint">{hint}</p>}
    </fieldset>
  );
}
