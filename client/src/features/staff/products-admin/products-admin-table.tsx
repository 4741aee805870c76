import { useTranslation } from 'react-i18next';
import { fallbackLanguages } from '../../../../../shared/catalog/catalogue-texts';
import type { AdminProductDto } from '../../../../../shared/schemas/staff/products';
import { useLanguage } from '../../../ui/use-language';
import { staffProductPrice } from './product-price';

interface Props {
  products: readonly AdminProductDto[];
  /** The row whose archive or restore is running: one at a time. */
  busyId: number | null;
  onEdit: (product: AdminProductDto) => void;
  onToggleArchive: (product: AdminProductDto) => void;
}

/** Nom, Catégorie, Prix, Stock, Statut, Actions: a table from 768 px, one card per product below (staff.css). */
export function ProductsAdminTable({ products, busyId, onEdit, onToggleArchive }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{t('staff.products.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('staff.products.name')}</th>
          <th scope="col">{t('staff.products.category')}</th>
          <th scope="col">{t('staff.products.price')}</th>
          <th scope="col">{t('staff.products.stock')}</th>
          <th scope="col">{t('staff.products.status')}</th>
          <th scope="col">{t('staff.products.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {products.map((product) => {
          const nameId = `staff-product-${product.id}`;
          const price = staffProductPrice(product, lng);
          return (
            <tr key={product.id} className="staff-row">
              <td id={nameId} data-label={t('staff.products.name')} className="staff-row__wrap">
                <span className="staff-row__stack">
                  <span className="staff-row__primary">{product.name}</span>
                  <span className="staff-row__secondary">{product.slug}</span>
                  <FrenchShown product={product} />
                </span>
              </td>
              <td data-label={t('staff.products.category')}>{product.category_name}</td>
              <td data-label={t('staff.products.price')} className="staff-row__nowrap">
                <span className="staff-row__stack">
                  <span className="staff-row__primary">{t('staff.products.priceHt', { amount: price.net })}</span>
                  <span className="staff-row__secondary">{t('staff.products.priceTtc', { amount: price.gross })}</span>
                  <span className="staff-row__secondary staff-row__parts">
                    {t('staff.products.priceParts', { price: price.price, support: price.support, margin: price.margin })}
                  </span>
                </span>
              </td>
              <td data-label={t('staff.products.stock')}>{product.stock}</td>
              <td data-label={t('staff.products.status')}>
                <span className={product.is_active ? 'staff-status staff-status--paid' : 'staff-status'}>
                  {product.is_active ? t('staff.products.active') : t('staff.products.archivedStatus')}
                </span>
              </td>
              <td data-label={t('staff.products.actions')} className="staff-row__actions">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-describedby={nameId}
                  onClick={() => onEdit(product)}
                >
                  {t('staff.products.edit')}
                </button>
                <button
                  type="button"
                  className={`button button--small ${product.is_active ? 'button--danger' : 'button--primary'}`}
                  aria-describedby={nameId}
                  disabled={busyId !== null}
                  aria-busy={busyId === product.id || undefined}
                  onClick={() => onToggleArchive(product)}
                >
                  {product.is_active ? t('staff.products.archive') : t('staff.products.restore')}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Issue 34: the languages in which the shop shows this product's French name, for want of a translation. */
function FrenchShown({ product }: { product: AdminProductDto }) {
  const { t } = useTranslation();
  const missing = fallbackLanguages(product.translations);
  if (missing.length === 0) return null;
  const languages = missing.map((lng) => t(`staff.product.languages.${lng}`)).join(', ');
  return <span className="staff-row__secondary staff-row__fallback">{t('staff.products.frenchShown', { languages })}</span>;
}
