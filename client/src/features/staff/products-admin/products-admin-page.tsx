import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { staffProductsApi } from '../../../../../shared/contract/staff-products';
import type { AdminProductDto } from '../../../../../shared/schemas/staff/products';
import { FormAlert } from '../../../ui/form-alert';
import { useStaffApi } from '../use-staff-api';
import { ProductEditDialog } from './product-edit-dialog';
import { ProductsAdminTable } from './products-admin-table';
import { useAdminProducts } from './api/get-admin-products';
import { useDialogs } from '../../../ui/dialogs/dialog-context';
import '../../../styles/staff-products.css';
import { StaffLoadMore } from '../staff-load-more';
import { ListState } from '../../../ui/list-state';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Category 3 "Produits" (manager and admin): search, 'Archivés', edit price, stock and description, archive and restore. */
export function ProductsAdminPage() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const api = useStaffApi();
  const searchForm = useForm({ defaultValues: { q: '' } });
  const [q, setQ] = useState('');
  const [archived, setArchived] = useState(false);
  const { state, loadingMore, loadMore, reload, applyProduct } = useAdminProducts(q, archived);
  const [editing, setEditing] = useState<AdminProductDto | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  // The message sits above the list: it takes the focus so it is seen and read out after an action.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const search = searchForm.handleSubmit(({ q: typed }) => setQ(typed.trim()));

  async function toggleArchive(product: AdminProductDto) {
    const question = product.is_active ? 'staff.products.confirmArchive' : 'staff.products.confirmRestore';
    if (!(await dialogs.confirm(t(question, { name: product.name })))) return;
    setBusyId(product.id);
    try {
      const answer = await api.call(staffProductsApi.update, {
        params: { id: String(product.id) },
        body: { is_active: !product.is_active },
      });
      applyProduct(answer.product);
      const done = answer.product.is_active ? 'staff.products.restoredDone' : 'staff.products.archivedDone';
      setOutcome({ tone: 'success', text: t(done, { name: product.name }) });
    } catch {
      setOutcome({ tone: 'error', text: t('staff.products.actionError') });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section className="staff-panel" aria-labelledby="staff-products-title">
      <h1 id="staff-products-title" className="staff-panel__title">
        {t('staff.products.title')}
      </h1>
      <div className="staff-filters">
        <form role="search" className="staff-filters__search" onSubmit={(event) => void search(event)}>
          <div className="field">
            <label className="field__label" htmlFor="staff-products-q">
              {t('staff.products.search')}
            </label>
            <input
              id="staff-products-q"
              className="input"
              type="search"
              placeholder={t('staff.products.searchHint')}
              {...searchForm.register('q')}
            />
          </div>
          <button type="submit" className="button button--secondary">
            {t('staff.products.searchButton')}
          </button>
        </form>
        <label className="staff-filters__toggle">
          <input type="checkbox" checked={archived} onChange={(e) => setArchived(e.target.checked)} /> {t('staff.products.archived')}
        </label>
      </div>
      {outcome && (
        <div ref={outcomeRef} tabIndex={-1} className="staff-outcome">
          <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert>
        </div>
      )}
      <ListState
        state={state}
        loading={t('staff.products.loading')}
        failed={t('staff.products.errorload')}
        retry={{ label: t('staff.retry'), onRetry: () => void reload() }}
        isEmpty={(ready) => ready.items.length === 0}
        empty={archived ? t('staff.products.emptyArchived') : t('staff.products.empty')}
      >
        {(ready) => (
          <>
            <ProductsAdminTable products={ready.items} busyId={busyId} onEdit={setEditing} onToggleArchive={(p) => void toggleArchive(p)} />
            {ready.hasMore && (
              <StaffLoadMore
                loading={loadingMore}
                onClick={loadMore}
                label={t('staff.products.loadMore')}
                loadingLabel={t('staff.products.loadingMore')}
              />
            )}
          </>
        )}
      </ListState>
      {editing && (
        <ProductEditDialog
          key={editing.id}
          product={editing}
          onClose={() => setEditing(null)}
          onSaved={(product) => {
            setEditing(null);
            applyProduct(product);
            setOutcome({ tone: 'success', text: t('staff.products.saved', { name: product.name }) });
          }}
        />
      )}
    </section>
  );
}
