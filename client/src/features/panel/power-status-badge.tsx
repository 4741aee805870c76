import { useTranslation } from 'react-i18next';
import type { PowerStatus } from '../../../../shared/schemas/vps';

/** The machine's power state: a coloured dot (pulsing during a transition) and its label. */
export function PowerStatusBadge({ status }: { status: PowerStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`power-badge power-badge--${status}`}>
      <span className="power-badge__dot" aria-hidden="true" />
      {t(`panel.power.${status}`)}
    </span>
  );
}
