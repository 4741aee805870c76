import { useEffect, useState } from 'react';
import { isLanguage, type Language } from '../../../shared/i18n/languages';
import type { supportLanguagesApi } from '../../../shared/contract/support-languages';
import { DEFAULT_SUPPORT_LANGUAGES } from '../../../shared/site/support-languages';
import { callApi } from './call';
import { PUBLIC_ROUTES } from './public-routes';
import { useHydration } from './initial-data';

/**
 * The languages the support team answers in (SUPPORT_LANGUAGES). A page the server rendered has
 * them in its data; a page the app renders asks once. Until then, French, which the team always speaks.
 */
export function useSupportLanguages(): readonly Language[] {
  const { data } = useHydration();
  const [fromServer] = useState(() => data.supportLanguages?.filter(isLanguage));
  const [languages, setLanguages] = useState<readonly Language[]>(fromServer ?? DEFAULT_SUPPORT_LANGUAGES);

  useEffect(() => {
    if (fromServer) return;
    const controller = new AbortController();
    callApi<typeof supportLanguagesApi.get>(PUBLIC_ROUTES.supportLanguages, {}, { signal: controller.signal })
      .then((answer) => setLanguages(answer.languages))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Could not load the support languages', error);
      });
    return () => controller.abort();
  }, [fromServer]);

  return languages;
}
