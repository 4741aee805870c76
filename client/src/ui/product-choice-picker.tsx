import { useTranslation } from 'react-i18next';
import type { ProductOptions } from '../api/product-delivery';
import '../styles/product-choice.css';

interface Props {
  /** The select's id (a page may show several products). */
  id: string;
  options: ProductOptions;
  /** The chosen id. */
  value: string | undefined;
  onChange: (choiceId: string) => void;
  className?: string;
}

/**
 * What the buyer runs (issue 31): a VPS's system or a game server's version. A native select, the
 * first choice preselected by the caller; a single choice is shown as a fact, nothing to pick.
 */
export function ProductChoicePicker({ id, options, value, onChange, className }: Props) {
  const { t } = useTranslation();
  const label = t(options.kind === 'os' ? 'shop.choice.os' : 'shop.choice.variant');
  const classes = ['product-choice', className ?? ''].filter(Boolean).join(' ');
  if (options.list.length === 1) {
    return (
      <p className={classes}>
        <span className="product-choice__label">{label}</span> <span className="product-choice__only">{options.list[0]!.name}</span>
      </p>
    );
  }
  return (
    <div className={classes}>
      <label className="product-choice__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="select product-choice__select" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.list.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
    </div>
  );
}
