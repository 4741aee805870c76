import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../ui/form-alert';
import { AddMethod } from './add-method';
import { AutoRenewalSection } from './auto-renewal-section';
import { SavedMethodItem } from './saved-method-item';
import { usePaymentMethods } from './use-payment-methods';
import '../../styles/payment-methods.css';
import { ListState } from '../../ui/list-state';

/**
 * 'Paiement': the saved cards and mandates renewals are charged to (add, default, remove), and the
 * automatic-renewal switches of the customer's servers (issue 21).
 */
export function PaymentMethodsTab() {
  const { t } = useTranslation();
  const model = usePaymentMethods();
  const titleId = useId();
  const { state, notice } = model;

  if (state.status !== 'ready') {
    return (
      <ListState
        look="panel"
        state={state}
        loading={t('panel.methods.loading')}
        failed={t('panel.methods.errorload')}
        retry={{ label: t('panel.methods.retry'), onRetry: () => void model.retry() }}
      />
    );
  }
  const { methods } = state.methods;
  return (
    <>
      {notice && (
        <div className="methods-notice">
          <FormAlert tone={notice.tone}>{t(`panel.methods.notices.${notice.key}`)}</FormAlert>
        </div>
      )}
      <section className="methods-section" aria-labelledby={titleId}>
        <h2 id={titleId} className="methods-section__title">
          {t('panel.methods.title')}
        </h2>
        <p className="methods-section__intro">{t('panel.methods.intro')}</p>
        {methods.length === 0 ? (
          <p className="methods-section__empty">{t('panel.methods.empty')}</p>
        ) : (
          <ul className="saved-methods">
            {methods.map((method) => (
              <SavedMethodItem
                key={method.id}
                method={method}
                busy={model.busy}
                onDefault={() => void model.setDefault(method.id)}
                onRemove={() => void model.remove(method.id)}
              />
            ))}
          </ul>
        )}
        <AddMethod canSave={state.methods.can_save} model={model} />
      </section>
      <AutoRenewalSection renewal={state.renewal} model={model} />
    </>
  );
}
