import { useLayoutEffect } from 'react';
import { isLoaded, loadLanguage } from './i18n';
import { rememberLanguage } from './remember-language';
import { Navigate, Outlet, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/languages';

/** The `/:lng` route: an unknown language goes to /fr, a known one becomes the interface language. */
export function LanguageGate() {
  const { lng } = useParams();
  if (!isLanguage(lng)) return <Navigate to={`/${DEFAULT_LANGUAGE}`} replace />;
  return <ActiveLanguage lng={lng} />;
}

function ActiveLanguage({ lng }: { lng: Language }) {
  const { i18n } = useTranslation();

  // Layout effect: the switch lands before the browser paints the old language.
  useLayoutEffect(() => {
    let current = true;
    if (isLoaded(lng)) {
      if (i18n.language !== lng) void i18n.changeLanguage(lng);
    } else {
      // The page shows in the current language for the moment the texts take to arrive.
      void loadLanguage(lng).then(() => {
        if (current) void i18n.changeLanguage(lng);
      });
    }
    document.documentElement.lang = lng;
    rememberLanguage(lng);
    return () => {
      current = false; // a newer language was chosen before this one arrived
    };
  }, [i18n, lng]);

  return <Outlet />;
}
