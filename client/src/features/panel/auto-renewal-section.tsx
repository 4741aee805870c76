import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutoRenewalDto } from '../../../../shared/schemas/payment-methods';
import { FormAlert } from '../../ui/form-alert';
import { useLanguage } from '../../ui/use-language';
import { formatDate } from './format-date';
import type { PaymentMethodsModel } from './use-payment-methods';

/** Each server's automatic-renewal switch (50 a page), when its next charge is taken, and the wallet-first choice. */
export function AutoRenewalSection({ renewal, model }: { renewal: AutoRenewalDto; model: PaymentMethodsModel }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const titleId = useId();
  const disabled = model.busy !== null;
  return (
    <section className="methods-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="methods-section__title">
        {t('panel.autoRenewal.title')}
      </h2>
      <p className="methods-section__intro">{t('panel.autoRenewal.intro')}</p>
      {renewal.services.length === 0 ? (
        <p className="methods-section__empty">{t('panel.autoRenewal.noServers')}</p>
      ) : (
        <ul className="renewal-list">
          {renewal.services.map((service) => (
            <li key={service.vps_id} className="renewal-item">
              <label className="switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={service.auto_renew}
                  disabled={disabled}
                  onChange={(e) => void model.setService(service.vps_id, e.target.checked)}
                />
                <span className="switch__text">
                  {/* Issue 34: the product bought names the switch; the host name only tells two alike apart. */}
                  <span className="renewal-item__name">
                    {t('panel.autoRenewal.switch', { server: service.product_name ?? service.service_name })}
                  </span>
                  {service.product_name && <span className="renewal-item__host">{service.service_name}</span>}
                  <span className="renewal-item__when">
                    {service.next_charge_at
                      ? t('panel.autoRenewal.nextCharge', { date: formatDate(service.next_charge_at, lng) })
                      : service.auto_renew
                        ? t('panel.autoRenewal.needsMethod')
                        : t('panel.autoRenewal.off')}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {model.moreServices === 'failed' && <FormAlert tone="error">{t('panel.vps.loadMoreFailed')}</FormAlert>}
      {renewal.next !== null && (
        <div className="panel-load-more">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void model.loadMoreServices()}
            disabled={model.moreServices === 'loading'}
            aria-busy={model.moreServices === 'loading'}
          >
            {model.moreServices === 'loading' && <span className="spinner" aria-hidden="true" />}
            {t('panel.vps.loadMore')}
          </button>
        </div>
      )}
      <label className="switch switch--wallet">
        <input
          type="checkbox"
          role="switch"
          checked={renewal.wallet_first}
          disabled={disabled}
          onChange={(e) => void model.setWalletFirst(e.target.checked)}
        />
        <span className="switch__text">{t('panel.autoRenewal.walletFirst')}</span>
      </label>
    </section>
  );
}
