import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCart } from '../../app/cart/cart-context';
import { useLanguage } from '../../ui/use-language';
import type { ShopTheme } from './catalogue';

interface Props {
  theme: ShopTheme;
  category: string | null;
  subcategory: string | null;
}

/** The shop's header: a link home, the cart with its line count, the title and the theme's banner. */
export function ShopBanner({ theme, category, subcategory }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { lineCount } = useCart();
  const trail = [category, subcategory].filter(Boolean).join(' › ');

  return (
    <header className="shop-banner">
      <div className="shop-banner__art" aria-hidden="true" />
      <div className="container shop-banner__inner">
        <div className="shop-banner__bar">
          <Link className="shop-banner__link" to={`/${lng}/`}>
            <span aria-hidden="true">←</span> {t('shop.home')}
          </Link>
          <Link className="shop-banner__cart" to={`/${lng}/Cart`}>
            <CartIcon />
            {t('shop.cartLink', { count: lineCount })}
          </Link>
        </div>
        <p className="shop-banner__eyebrow">{trail || t('brand.name')}</p>
        <h1 className="shop-banner__title">{t('shop.title')}</h1>
        <p className="shop-banner__tagline">{t(`shop.themes.${theme}`)}</p>
      </div>
    </header>
  );
}

function CartIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 4h2.2l2.1 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
      <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
    </svg>
  );
}
