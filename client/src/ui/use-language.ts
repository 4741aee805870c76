import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/languages';

/**
 * The language of the current route (the app's `/:lng` prefix), or of the texts shown (a public
 * page's document, whose routes are its language's alone); French when neither says.
 */
export function useLanguage(): Language {
  const { lng } = useParams();
  const { i18n } = useTranslation();
  if (isLanguage(lng)) return lng;
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
