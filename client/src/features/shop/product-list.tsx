import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../shared/schemas/product';
import type { VatStatusDto } from '../../../../shared/schemas/vat';
import { productsIn } from './catalogue';
import { ProductCard } from './product-card';

interface Props {
  products: readonly Product[];
  category: string;
  subcategory: string | null;
  /** The choice's names in the page's language. */
  heading: string;
  onAdd: (product: Product, choiceId?: string) => void;
  onShowAll: () => void;
  vat?: VatStatusDto | null;
}

/** The chosen category's (or subcategory's) products, or the empty state. */
export function ProductList({ products, category, subcategory, heading, onAdd, onShowAll, vat = null }: Props) {
  const { t } = useTranslation();
  const shown = productsIn(products, category, subcategory);

  return (
    <section className="shop-results" aria-labelledby="shop-results-title">
      <h2 id="shop-results-title" className="shop-results__title">
        {heading}
      </h2>
      {shown.length === 0 ? (
        <div className="shop-empty">
          <p className="shop-empty__title">{t('shop.empty')}</p>
          <p className="shop-empty__note">{t(subcategory ? 'shop.emptySubcategory' : 'shop.emptyCategory')}</p>
          <button type="button" className="button button--secondary" onClick={onShowAll}>
            {t('shop.allCategories')}
          </button>
        </div>
      ) : (
        <ul className="product-grid">
          {shown.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} onAdd={onAdd} vat={vat} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
