import { useTranslation } from 'react-i18next';
import type { StaffDeliveryDto } from '../../../../../shared/schemas/staff/deliveries';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';

/** Each attempt of the automatic delivery (time, step, outcome, the provider's words), folded until asked. */
export function DeliveryAttempts({ attempts }: { attempts: StaffDeliveryDto['attempts'] }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  if (attempts.length === 0) return <p className="delivery-item__muted">{t('staff.deliveries.noAttempt')}</p>;
  return (
    <details className="delivery-attempts">
      <summary className="delivery-attempts__summary">{t('staff.deliveries.attempts', { count: attempts.length })}</summary>
      <ol className="delivery-attempts__list">
        {attempts.map((attempt, index) => (
          <li key={`${attempt.at}-${index}`} className={`delivery-attempt delivery-attempt--${attempt.outcome}`}>
            <time dateTime={attempt.at} className="delivery-attempt__time">
              {formatDateTime(attempt.at, lng)}
            </time>
            <span className="delivery-attempt__step">{attempt.step}</span>
            <span className="delivery-attempt__outcome">{t(`staff.deliveries.outcome.${attempt.outcome}`)}</span>
            {attempt.detail && <code className="delivery-attempt__detail">{attempt.detail}</code>}
          </li>
        ))}
      </ol>
    </details>
  );
}
