import { useTranslation } from 'react-i18next';
import { Controller, get, useWatch } from 'react-hook-form';
import { FormAlert } from '../../../../ui/form-alert';
import { FormField } from '../../../../ui/form-field';
import type { GamePanelCatalogue, PanelEgg } from './api/get-game-panel-catalogue';
import { DeliveryField, fieldId, type DeliveryForm } from './delivery-field';
import { deliveryErrorKey } from './delivery-form-values';
import { PanelTargets } from './panel-targets';

interface Props {
  form: DeliveryForm;
  catalogue: GamePanelCatalogue | undefined;
  catalogueFailed: boolean;
  onRetry: () => void;
  disabled: boolean;
}

const P = 'delivery.pterodactyl' as const;

/**
 * The game panel's settings: nest and egg (from the panel's own lists), the egg's image, startup
 * and variables (its defaults filled in when the egg is picked), limits, feature limits, where it
 * may deploy (locations, or node tags on Pelican) and ports.
 */
export function PterodactylFields({ form, catalogue, catalogueFailed, onRetry, disabled }: Props) {
  const { t } = useTranslation();
  const [nest, eggId] = useWatch({ control: form.control, name: [`${P}.nest`, `${P}.egg`] });
  const eggs = (catalogue?.eggs ?? []).filter((egg) => nest === '' || egg.nest === Number(nest));
  const egg = catalogue?.eggs.find((one) => String(one.id) === eggId);
  const errorOf = (name: string) => {
    const key = deliveryErrorKey(name, get(form.formState.errors, name));
    return key && t(key);
  };

  // A new egg brings its own image, startup and variables' defaults; staff adjust them after.
  const pickEgg = (id: string) => {
    const picked = catalogue?.eggs.find((one) => String(one.id) === id);
    if (!picked) return;
    form.setValue(`${P}.dockerImage`, Object.values(picked.dockerImages)[0] ?? '');
    form.setValue(`${P}.startup`, picked.startup);
    form.setValue(`${P}.environment`, Object.fromEntries(picked.variables.map((v) => [v.envVariable, v.defaultValue])));
  };

  return (
    <>
      {catalogueFailed && (
        <div className="product-form__wide">
          <FormAlert tone="error">{t('staff.delivery.panel.catalogueError')}</FormAlert>
          <button type="button" className="button button--secondary button--small" onClick={onRetry}>
            {t('staff.delivery.panel.retry')}
          </button>
        </div>
      )}
      {!catalogue && !catalogueFailed && (
        <p className="staff-state product-form__wide" role="status">
          <span className="spinner" aria-hidden="true" /> {t('staff.delivery.panel.loading')}
        </p>
      )}
      {catalogue && catalogue.flavour === 'pterodactyl' && catalogue.nests.length > 0 && (
        <FormField id={fieldId(`${P}.nest`)} label={t('staff.delivery.panel.nest')} error={errorOf(`${P}.nest`)}>
          {(control) => (
            <select className="select" disabled={disabled} {...form.register(`${P}.nest`)} {...control}>
              <option value="">{t('staff.delivery.panel.allNests')}</option>
              {catalogue.nests.map((one) => (
                <option key={one.id} value={one.id}>
                  {one.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      {/* Shown once the panel's eggs are listed: the saved egg is then selected, not a blank choice. */}
      {catalogue && (
        <FormField id={fieldId(`${P}.egg`)} label={t('staff.delivery.panel.egg')} required error={errorOf(`${P}.egg`)}>
          {(control) => (
            <select
              className="select"
              disabled={disabled}
              {...form.register(`${P}.egg`, { onChange: (event) => pickEgg(String(event.target.value)) })}
              {...control}
            >
              <option value="">{t('staff.product.choose')}</option>
              {eggs.map((one) => (
                <option key={one.id} value={one.id}>
                  {one.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <DockerImageField form={form} egg={egg} error={errorOf(`${P}.dockerImage`)} disabled={disabled} />
      <FormField
        id={fieldId(`${P}.startup`)}
        label={t('staff.delivery.panel.startup')}
        required
        error={errorOf(`${P}.startup`)}
        className="product-form__wide"
      >
        {(control) => (
          <textarea
            className="input textarea"
            rows={2}
            spellCheck={false}
            disabled={disabled}
            {...form.register(`${P}.startup`)}
            {...control}
          />
        )}
      </FormField>
      {egg && egg.variables.length > 0 && (
        <fieldset className="delivery-list product-form__wide">
          <legend className="delivery-list__title">{t('staff.delivery.panel.variables')}</legend>
          <div className="delivery-list__grid">
            {egg.variables.map((variable) => (
              <DeliveryField
                key={variable.envVariable}
                form={form}
                name={`${P}.environment.${variable.envVariable}`}
                label={`${variable.name} (${variable.envVariable})`}
                hint={variable.rules}
                required={variable.required}
                disabled={disabled}
              />
            ))}
          </div>
        </fieldset>
      )}
      <fieldset className="delivery-list product-form__wide">
        <legend className="delivery-list__title">{t('staff.delivery.panel.limits')}</legend>
        <div className="delivery-list__grid">
          {(['memory', 'swap', 'disk', 'io', 'cpu'] as const).map((limit) => (
            <DeliveryField
              key={limit}
              form={form}
              name={`${P}.limits.${limit}`}
              label={t(`staff.delivery.panel.limit.${limit}`)}
              numeric
              required={limit !== 'swap' && limit !== 'io'}
              disabled={disabled}
            />
          ))}
          {(['databases', 'allocations', 'backups'] as const).map((limit) => (
            <DeliveryField
              key={limit}
              form={form}
              name={`${P}.featureLimits.${limit}`}
              label={t(`staff.delivery.panel.feature.${limit}`)}
              numeric
              disabled={disabled}
            />
          ))}
        </div>
      </fieldset>
      {catalogue && (
        <Controller
          control={form.control}
          name={catalogue.flavour === 'pelican' ? `${P}.tags` : `${P}.locations`}
          render={({ field: { name, value, onChange, onBlur, ref } }) => (
            <PanelTargets
              catalogue={catalogue}
              value={value}
              onChange={onChange}
              onBlur={onBlur}
              focusRef={ref}
              error={errorOf(name)}
              disabled={disabled}
            />
          )}
        />
      )}
      <DeliveryField
        form={form}
        name={`${P}.portRange`}
        label={t('staff.delivery.panel.ports')}
        hint={t('staff.delivery.panel.portsHint')}
        disabled={disabled}
      />
    </>
  );
}

/** The egg's images to pick from; an egg without a list (or none picked yet) takes a typed image. */
function DockerImageField({
  form,
  egg,
  error,
  disabled,
}: {
  form: DeliveryForm;
  egg: PanelEgg | undefined;
  error: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const images = Object.entries(egg?.dockerImages ?? {});
  if (images.length === 0) {
    return <DeliveryField form={form} name={`${P}.dockerImage`} label={t('staff.delivery.panel.image')} required disabled={disabled} />;
  }
  return (
    <FormField id={fieldId(`${P}.dockerImage`)} label={t('staff.delivery.panel.image')} required error={error}>
      {(control) => (
        <select className="select" disabled={disabled} {...form.register(`${P}.dockerImage`)} {...control}>
          {images.map(([label, image]) => (
            <option key={image} value={image}>
              {label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
