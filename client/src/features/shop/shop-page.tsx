import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../shared/schemas/product';
import { useCart } from '../../app/cart/cart-context';
import { useVatStatus } from '../../app/checkout/use-vat-status';
import { FormAlert } from '../../ui/form-alert';
import { AddedDialog } from './added-dialog';
import { CategoryFilter } from './category-filter';
import { chosenNames, groupCategories, themeFor } from './catalogue';
import { ProductList } from './product-list';
import { ShopBanner } from './shop-banner';
import { ShopWelcome } from './shop-welcome';
import { useProducts } from './use-products';
import '../../styles/shop.css';
import '../../styles/shop-themes.css';
import { PageTitle } from '../../ui/page-title';

/**
 * The shop (spec §2). The chosen category and subcategory live in the query
 * (?category=&subcategory=), so they survive a reload and a change of language.
 */
export function ShopPage() {
  const { t } = useTranslation();
  const { state, retry } = useProducts();
  const { addProduct } = useCart();
  const { vat } = useVatStatus();
  const [params, setParams] = useSearchParams();
  const [added, setAdded] = useState<Product | null>(null);

  const category = params.get('category') || null;
  const subcategory = category ? params.get('subcategory') || null : null;
  const theme = themeFor(category, subcategory);
  const groups = state.status === 'ready' ? groupCategories(state.products) : [];
  const names = chosenNames(groups, category, subcategory);

  function choose(nextCategory: string | null, nextSubcategory: string | null = null) {
    const next = new URLSearchParams(params);
    next.delete('category');
    next.delete('subcategory');
    if (nextCategory) next.set('category', nextCategory);
    if (nextCategory && nextSubcategory) next.set('subcategory', nextSubcategory);
    setParams(next, { preventScrollReset: true });
  }

  function add(product: Product, choiceId?: string) {
    addProduct(product, choiceId);
    setAdded(product);
  }

  return (
    <div className="shop" data-theme={theme}>
      <PageTitle>{`${t('shop.title')} · ${t('brand.name')}`}</PageTitle>
      <ShopBanner theme={theme} category={names.category} subcategory={names.subcategory} />
      <div className="container shop__body">
        {state.status === 'loading' && (
          <p className="shop-status" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('shop.loading')}
          </p>
        )}
        {state.status === 'error' && (
          <div className="shop-error">
            <FormAlert tone="error">{t('shop.loadError')}</FormAlert>
            <button type="button" className="button button--secondary" onClick={retry}>
              {t('shop.retry')}
            </button>
          </div>
        )}
        {state.status === 'ready' && (
          <>
            <CategoryFilter groups={groups} category={category} subcategory={subcategory} onChoose={choose} />
            {category ? (
              <ProductList
                products={state.products}
                category={category}
                subcategory={subcategory}
                heading={[names.category, names.subcategory].filter(Boolean).join(' › ')}
                onAdd={add}
                onShowAll={() => choose(null)}
                vat={vat}
              />
            ) : (
              <ShopWelcome products={state.products} />
            )}
          </>
        )}
      </div>
      {added && <AddedDialog product={added} onClose={() => setAdded(null)} />}
    </div>
  );
}
