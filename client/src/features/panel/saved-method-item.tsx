import { useTranslation } from 'react-i18next';
import type { SavedMethodDto } from '../../../../shared/schemas/payment-methods';

/** How a method reads: "Visa •••• 4242 · 12/29", or the masked account of a direct debit. */
export function methodLabel(method: SavedMethodDto): string {
  if (method.kind === 'directdebit') return method.bank_account ?? '';
  const brand = method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : '';
  return `${brand} •••• ${method.last4 ?? ''}`.trim();
}

/** One saved method: its label, expiry, default badge, and its two actions. */
export function SavedMethodItem(props: { method: SavedMethodDto; busy: string | null; onDefault: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const { method, busy } = props;
  const expiry =
    method.exp_month && method.exp_year ? `${String(method.exp_month).padStart(2, '0')}/${String(method.exp_year).slice(-2)}` : null;
  return (
    <li className="saved-method">
      <div className="saved-method__body">
        <span className="saved-method__label">{methodLabel(method)}</span>
        <span className="saved-method__meta">
          {expiry && t('panel.methods.expires', { date: expiry })}
          {method.sandbox_outcome && ` · ${t(`panel.methods.outcomes.${method.sandbox_outcome}`)}`}
        </span>
      </div>
      {method.is_default ? (
        <span className="saved-method__default">{t('panel.methods.default')}</span>
      ) : (
        <button type="button" className="button button--secondary button--small" disabled={busy !== null} onClick={props.onDefault}>
          {t('panel.methods.makeDefault')}
        </button>
      )}
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={busy !== null}
        onClick={props.onRemove}
        aria-label={t('panel.methods.removeLabel', { method: methodLabel(method) })}
      >
        {t('panel.methods.remove')}
      </button>
    </li>
  );
}
