import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCart } from '../../app/cart/cart-context';
import { CartIcon } from '../../ui/cart-icon';
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
