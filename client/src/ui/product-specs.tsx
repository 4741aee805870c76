import { useTranslation } from 'react-i18next';
import '../styles/product-specs.css';

// The specs a product shows (spec §3: config_products), in this order; other keys are not shown.
const SPEC_KEYS = ['ram', 'cores', 'storage', 'traffic', 'bandwidth'] as const;

/** A product's specs as a term/value list with translated labels; nothing when it has none. */
export function ProductSpecs({ specs, className }: { specs: Record<string, string | number> | undefined; className?: string }) {
  const { t } = useTranslation();
  const shown = SPEC_KEYS.filter((key) => specs?.[key] !== undefined && specs[key] !== '');
  if (!specs || shown.length === 0) return null;
  return (
    <dl className={['spec-list', className ?? ''].filter(Boolean).join(' ')}>
      {shown.map((key) => (
        <div key={key} className="spec-list__item">
          <dt>{t(`shop.specs.${key}`)}</dt>
          <dd>{String(specs[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
