import { useState, type ReactNode } from 'react';
import '../../../styles/staff-form.css';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../../../shared/i18n/languages';

interface Props {
  /** The fields of each language's panel (name, description), made by the form in its own order. */
  panels: Record<Language, ReactNode>;
  /** Languages whose name is empty: their tab says the French text shows. */
  fallingBack: readonly Language[];
  /** A language whose fields are in error: its tab opens so the field can take the focus. */
  invalidLanguage?: Language;
}

/**
 * The product's texts in the four languages, one tab each (issue 34). French is required; the
 * others are optional, and a tab left empty says the shop shows the French text there. Every
 * panel stays in the form (hidden, not unmounted), so its fields keep their values.
 */
export function LanguageTexts({ panels, fallingBack, invalidLanguage }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Language>('fr');
  const shown = invalidLanguage ?? chosen;

  return (
    <div className="language-texts product-form__wide">
      <div className="language-texts__tabs" role="tablist" aria-label={t('staff.product.languages.label')}>
        {LANGUAGES.map((lng) => (
          <button
            key={lng}
            type="button"
            role="tab"
            id={`product-texts-tab-${lng}`}
            aria-controls={`product-texts-${lng}`}
            aria-selected={shown === lng}
            tabIndex={shown === lng ? 0 : -1}
            className="language-texts__tab"
            onClick={() => setChosen(lng)}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = LANGUAGES[(LANGUAGES.indexOf(lng) + step + LANGUAGES.length) % LANGUAGES.length]!;
              setChosen(next);
              document.getElementById(`product-texts-tab-${next}`)?.focus();
            }}
          >
            {t(`staff.product.languages.${lng}`)}
            {lng !== 'fr' && fallingBack.includes(lng) && (
              <span className="language-texts__fallback">{t('staff.product.languages.fallback')}</span>
            )}
          </button>
        ))}
      </div>
      {LANGUAGES.map((lng) => (
        <div
          key={lng}
          id={`product-texts-${lng}`}
          role="tabpanel"
          aria-labelledby={`product-texts-tab-${lng}`}
          className="language-texts__panel"
          hidden={shown !== lng}
        >
          {lng !== 'fr' && <p className="field__hint">{t('staff.product.languages.hint')}</p>}
          {panels[lng]}
        </div>
      ))}
    </div>
  );
}
