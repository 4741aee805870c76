import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money/cart-totals';
import type { WalletTransactionDto } from '../../../../shared/schemas/wallet';
import { useLanguage } from '../../ui/use-language';
import { formatDate } from './format-date';

/** The latest wallet movements, newest first: date, what it was, the signed amount (money in is green). */
export function WalletMovements({ transactions, currency }: { transactions: readonly WalletTransactionDto[]; currency: string }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  if (transactions.length === 0) return <p className="wallet-card__empty">{t('panel.wallet.empty')}</p>;
  return (
    <details className="wallet-card__history">
      <summary>{t('panel.wallet.history', { n: transactions.length })}</summary>
      <ul className="wallet-moves">
        {transactions.map((move) => (
          <li key={move.id} className="wallet-move">
            <time className="wallet-move__date" dateTime={move.created_at}>
              {formatDate(move.created_at, lng)}
            </time>
            <span className="wallet-move__description">
              {move.description || t(`panel.wallet.types.${move.type}`, { defaultValue: move.type })}
            </span>
            <span className={`wallet-move__amount${move.amount_cents > 0 ? ' wallet-move__amount--in' : ''}`}>
              {/* The sign is written out: colour alone would not tell money in from money out. */}
              {move.amount_cents > 0 ? '+' : ''}
              {formatMoney(move.amount_cents, currency, lng)}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
