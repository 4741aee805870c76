import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, TextField } from '../../../ui/form-field';
import { LANGUAGES, type Language } from '../../../../../shared/i18n/languages';
import type { ProductTextField } from './product-text-fields';
import { LanguageTexts } from './language-texts';

interface Props {
  /** Prefix of the fields' ids ("product", "product-edit"): the creation form and the edit dialog differ. */
  idPrefix: string;
  /** Each field registered by the form, before the fields that follow, so the first in error takes the focus. */
  controls: Record<ProductTextField, UseFormRegisterReturn>;
  /** A field's message when it is in error, already translated. */
  errorOf: (field: ProductTextField) => string | undefined;
  /** Where that message already shows (the creation form says it once, above its cards); absent: under the field. */
  errorShownAt?: string;
  /** Languages whose name is left empty: the shop shows French there. */
  fallingBack: readonly Language[];
  /** A language whose fields are in error: its tab opens so the field can take the focus. */
  invalidLanguage?: Language;
  disabled: boolean;
}

/**
 * Name and description in the four languages, one tab each, for the creation form and the edit
 * dialog alike.
 */
export function ProductTextsFields({ idPrefix, controls, errorOf, errorShownAt, fallingBack, invalidLanguage, disabled }: Props) {
  const { t } = useTranslation();

  const languagePanel = (lng: Language) => {
    const nameField: ProductTextField = lng === 'fr' ? 'name' : `name_${lng}`;
    const descriptionField: ProductTextField = lng === 'fr' ? 'description' : `description_${lng}`;
    // Each language's fields named apart ("Néerlandais — Nom"): a screen reader hears which one it is in.
    const label = (key: string) =>
      lng === 'fr' ? t(key) : t('staff.product.languages.inLanguage', { field: t(key), language: t(`staff.product.languages.${lng}`) });
    return (
      <div className="product-card__grid">
        <TextField
          id={`${idPrefix}-${nameField}`}
          label={label('staff.product.name')}
          required={lng === 'fr'}
          autoComplete="off"
          maxLength={200}
          error={errorOf(nameField)}
          errorShownAt={errorShownAt}
          disabled={disabled}
          {...controls[nameField]}
        />
        <FormField
          id={`${idPrefix}-${descriptionField}`}
          label={label('staff.product.description')}
          className="product-form__wide"
          error={errorOf(descriptionField)}
          errorShownAt={errorShownAt}
        >
          {(control) => (
            <textarea
              className="input textarea"
              rows={4}
              maxLength={5000}
              disabled={disabled}
              {...controls[descriptionField]}
              {...control}
            />
          )}
        </FormField>
      </div>
    );
  };

  return (
    <LanguageTexts
      fallingBack={fallingBack}
      invalidLanguage={invalidLanguage}
      panels={Object.fromEntries(LANGUAGES.map((lng) => [lng, languagePanel(lng)])) as Record<Language, ReactNode>}
    />
  );
}
