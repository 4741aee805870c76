import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../ui/translation-key';

export type BankTransferStep = 1 | 2 | 3;

const STEPS: readonly TranslationKey[] = ['payment.steps.payer', 'payment.steps.transfer', 'payment.steps.done'];

/** Where the customer is in the three steps; the current one carries aria-current="step". */
export function StepIndicator({ current }: { current: BankTransferStep }) {
  const { t } = useTranslation();
  return (
    <ol className="pay-steps" aria-label={t('payment.steps.label')}>
      {STEPS.map((key, index) => {
        const step = index + 1;
        const state = step < current ? 'completed' : step === current ? 'current' : 'upcoming';
        return (
          <li key={key} className={`pay-steps__item pay-steps__item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="pay-steps__number" aria-hidden="true">
              {state === 'completed' ? '✓' : step}
            </span>
            <span className="pay-steps__label">
              <span className="visually-hidden">{t('payment.steps.progress', { current: step, total: STEPS.length })}, </span>
              {t(key)}
              {state !== 'upcoming' && <span className="visually-hidden"> ({t(`payment.steps.${state}`)})</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
