import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCart } from '../../app/cart/cart-context';
import { useLanguage } from '../../ui/use-language';
import { CartLineItem } from './cart-line-item';
import { CartSummary } from './cart-summary';
import { CheckoutForm } from './checkout-form';
import { useVatStatus } from '../../app/checkout/use-vat-status';
import '../../styles/forms.css';
import '../../styles/cart.css';
import { PageTitle } from '../../ui/page-title';

/** The cart (spec §2): its one line, the totals, the legal checkboxes and the pay button. */
export function CartPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { lines, updateQty, chooseOption, removeLine, clearCart } = useCart();
  // Opening the cart (re)checks the customer's VAT number: the totals shown are the ones charged.
  const { vat, pending: vatPending } = useVatStatus();

  return (
    <div className="container cart-page">
      <PageTitle>{`${t('cart.title')} · ${t('brand.name')}`}</PageTitle>
      <header className="cart-page__header">
        <h1 className="cart-page__title">{t('cart.title')}</h1>
        <p className="cart-page__intro">{t('cart.intro')}</p>
      </header>

      {lines.length === 0 ? (
        <section className="cart-empty" aria-labelledby="cart-empty-title">
          <CartEmptyIcon />
          <h2 id="cart-empty-title" className="cart-empty__title">
            {t('cart.empty.title')}
          </h2>
          <p className="cart-empty__text">{t('cart.empty.text')}</p>
          <Link className="button button--primary" to={`/${lng}/boutique`}>
            {t('cart.empty.cta')}
          </Link>
        </section>
      ) : (
        <div className="cart-layout">
          <section className="cart-items" aria-labelledby="cart-items-title">
            <h2 id="cart-items-title" className="visually-hidden">
              {t('cart.items')}
            </h2>
            <ul className="cart-items__list">
              {lines.map((line) => (
                <CartLineItem
                  key={line.productId}
                  line={line}
                  onQty={(qty) => updateQty(line.productId, qty)}
                  onChoose={(choiceId) => chooseOption(line.productId, choiceId)}
                  onRemove={() => removeLine(line.productId)}
                />
              ))}
            </ul>
            <div className="cart-items__actions">
              <Link to={`/${lng}/boutique`}>{t('cart.continueShopping')}</Link>
              <button type="button" className="button button--secondary button--small" onClick={clearCart}>
                {t('cart.clear')}
              </button>
            </div>
          </section>
          <aside className="cart-summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title" className="cart-summary__title">
              {t('cart.summary')}
            </h2>
            <CartSummary lines={lines} vat={vat} />
            <CheckoutForm taxRate={vat?.taxRate ?? null} vatPending={vatPending} />
            <p className="cart-summary__trust">{t(trustKey(lines[0]?.delivery))}</p>
          </aside>
        </div>
      )}

      <p className="cart-page__hosting">
        <Link to={`/${lng}/Hosting`}>{t('cart.hostingLink')}</Link>
      </p>
    </div>
  );
}

/** The delay the cart promises: its product's own (issue 31), else what both kinds of delivery take. */
const trustKey = (delivery: 'automatic' | 'manual' | undefined) => `checkout.trust.${delivery ?? 'any'}`;

function CartEmptyIcon() {
  return (
    <svg className="cart-empty__icon" width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 4h2.2l2.1 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
      <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
    </svg>
  );
}
