import { useTranslation } from 'react-i18next';
import { useSupportLanguages } from '../api/use-support-languages';
import { joinedListOf } from './intl-names';
import { useLanguage } from './use-language';

/**
 * The languages the support team answers in, named and joined in the page's language
 * ("français et anglais", "Frans en Engels"), for the texts that say it ({{languages}}).
 */
export function useSupportLanguagesText(): string {
  const { t } = useTranslation();
  const lng = useLanguage();
  const names = useSupportLanguages().map((code) => t(`home.supportLanguages.${code}`));
  return joinedListOf(lng, names);
}
