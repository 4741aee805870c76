import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useVpsView, type VpsFocus } from './use-vps-view';

/** Back to the list; focus returns to the card of the server we were on. */
export function VpsBackLink({ fromVpsId }: { fromVpsId: number }) {
  const { t } = useTranslation();
  const { listHref } = useVpsView();
  const toCard: VpsFocus = { focus: 'card', vpsId: fromVpsId };
  return (
    <Link className="vps-back" to={listHref} state={toCard} preventScrollReset>
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M10 3.5 5.5 8l4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('panel.vpsDetail.back')}
    </Link>
  );
}
