import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../../ui/form-field';
import type { ControllerRenderProps } from 'react-hook-form';
import type { GamePanelCatalogue } from './api/get-game-panel-catalogue';
import type { DeliveryFormValues } from './delivery-form-values';

type TargetField = ControllerRenderProps<DeliveryFormValues, 'delivery.pterodactyl.locations' | 'delivery.pterodactyl.tags'>;

interface Props {
  catalogue: GamePanelCatalogue;
  value: TargetField['value'];
  onChange: TargetField['onChange'];
  onBlur: TargetField['onBlur'];
  /** The library's handle to focus the group when it is refused. */
  focusRef: TargetField['ref'];
  /** The rule broken (already translated), said under the title. */
  error: string | undefined;
  disabled: boolean;
}

/** Where the panel may deploy the server: Pterodactyl's locations, or Pelican's node tags, as checkboxes. */
export function PanelTargets({ catalogue, value, onChange, onBlur, focusRef, error, disabled }: Props) {
  const { t } = useTranslation();
  const pelican = catalogue.flavour === 'pelican';
  const options = pelican
    ? catalogue.tags.map((tag) => ({ value: tag as string | number, label: tag }))
    : catalogue.locations.map((location) => ({
        value: location.id as string | number,
        label: location.long ? `${location.short} · ${location.long}` : location.short,
      }));
  const chosen = (value ?? []) as (string | number)[];
  const toggle = (target: string | number) =>
    onChange(chosen.includes(target) ? chosen.filter((one) => one !== target) : [...chosen, target]);

  return (
    <fieldset className="delivery-list product-form__wide" ref={focusRef} tabIndex={-1}>
      <legend className="delivery-list__title">{t(pelican ? 'staff.delivery.panel.tags' : 'staff.delivery.panel.locations')}</legend>
      <p className="field__hint">{t('staff.delivery.panel.targetsHint')}</p>
      {error && <FieldError>{error}</FieldError>}
      {options.length === 0 && <p className="field__hint">{t('staff.delivery.panel.noTargets')}</p>}
      <div className="delivery-list__grid">
        {options.map((option) => {
          const id = `delivery-target-${option.value}`;
          return (
            <div key={option.value} className="checkbox-field">
              <input
                type="checkbox"
                id={id}
                checked={chosen.includes(option.value)}
                disabled={disabled}
                onChange={() => toggle(option.value)}
                onBlur={onBlur}
              />
              <label htmlFor={id}>{option.label}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
