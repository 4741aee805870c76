import { Navigate, useLocation } from 'react-router-dom';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n/languages';
import { useLanguage } from '../ui/use-language';

/** Missing language segment or unknown path: spec §2 sends the visitor to /fr. */
export function RedirectToDefaultLanguage() {
  return <Navigate to={`/${DEFAULT_LANGUAGE}`} replace />;
}

/** Moves to another page of the same language, keeping the query and hash (e.g. /fr/shop -> /fr/boutique). */
export function RedirectInLanguage({ to }: { to: string }) {
  const lng = useLanguage();
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: `/${lng}/${to}`, search, hash }} replace />;
}
