import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SANDBOX_CARD_OUTCOMES, type SandboxCardOutcome, type SavedMethodsDto } from '../../../../shared/schemas/payment-methods';
import type { PaymentMethodsModel } from './use-payment-methods';

/** The ways of saving a new method the shop offers: Stripe, Mollie, or (without keys) a sandbox card. */
export function AddMethod({ canSave, model }: { canSave: SavedMethodsDto['can_save']; model: PaymentMethodsModel }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<SandboxCardOutcome>('succeeds');
  const selectId = useId();
  const disabled = model.busy !== null;
  return (
    <div className="add-method">
      {canSave.stripe && (
        <button
          type="button"
          className="button button--primary button--small"
          disabled={disabled}
          onClick={() => void model.addAtProvider('stripe')}
        >
          {t('panel.methods.addStripe')}
        </button>
      )}
      {canSave.mollie && (
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={disabled}
          onClick={() => void model.addAtProvider('mollie')}
        >
          {t('panel.methods.addMollie')}
        </button>
      )}
      {canSave.sandbox && (
        <div className="add-method__sandbox">
          <label htmlFor={selectId}>{t('panel.methods.sandboxOutcome')}</label>
          <select id={selectId} value={outcome} onChange={(e) => setOutcome(e.target.value as SandboxCardOutcome)}>
            {SANDBOX_CARD_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {t(`panel.methods.outcomes.${o}`)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button--primary button--small"
            disabled={disabled}
            onClick={() => void model.addSandbox(outcome)}
          >
            {t('panel.methods.addSandbox')}
          </button>
        </div>
      )}
    </div>
  );
}
