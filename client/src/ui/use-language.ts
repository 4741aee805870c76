import { useParams } from 'react-router-dom';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/languages';

/** The language of the current route (the `/:lng` prefix); French when outside it. */
export function useLanguage(): Language {
  const { lng } = useParams();
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}
