import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money/cart-totals';
import type { WalletDto } from '../../../../shared/schemas/wallet';
import { useLanguage } from '../../ui/use-language';
import type { QueryListState } from '../../ui/query-list-state';
import { WalletMovements } from './wallet-movements';

/** Above the invoices: the wallet balance, and its latest movements behind a disclosure. */
export function WalletCard({ state, onRetry }: { state: QueryListState<WalletDto>; onRetry: () => void }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const titleId = useId();

  return (
    <section className="wallet-card" aria-labelledby={titleId}>
      <div className="wallet-card__head">
        <h2 id={titleId} className="wallet-card__title">
          {t('panel.wallet.title')}
        </h2>
        {state.status === 'ready' && (
          <p className="wallet-card__balance">{formatMoney(state.data.balance_cents, state.data.currency, lng)}</p>
        )}
        {state.status === 'loading' && (
          <p className="wallet-card__state" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('panel.wallet.loading')}
          </p>
        )}
        {state.status === 'failed' && (
          // Quiet: the invoices below still work (by Mollie) without the wallet.
          <p className="wallet-card__state" role="status">
            {t('panel.wallet.errorload')}{' '}
            <button type="button" className="wallet-card__retry" onClick={onRetry}>
              {t('panel.wallet.retry')}
            </button>
          </p>
        )}
        {state.status === 'ready' && state.data.balance_cents > 0 && <p className="wallet-card__hint">{t('panel.wallet.hint')}</p>}
      </div>
      {state.status === 'ready' && <WalletMovements transactions={state.data.transactions} currency={state.data.currency} />}
    </section>
  );
}
