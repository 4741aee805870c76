import { useTranslation } from 'react-i18next';
import type { CategoryGroup } from './catalogue';

interface Props {
  groups: readonly CategoryGroup[];
  category: string | null;
  subcategory: string | null;
  onChoose: (category: string | null, subcategory?: string | null) => void;
}

/**
 * Category buttons from the loaded products; once one is chosen, its subcategory buttons. A choice
 * made in the URL that no product carries (an empty subcategory) still shows, pressed.
 */
export function CategoryFilter({ groups, category, subcategory, onChoose }: Props) {
  const { t } = useTranslation();
  const categories = withChosen(
    groups.map((g) => g.name),
    category,
  );
  const subcategories = category ? withChosen(groups.find((g) => g.name === category)?.subcategories ?? [], subcategory) : [];

  return (
    <div className="shop-filter">
      <div className="shop-filter__row" role="group" aria-label={t('shop.categories')}>
        <FilterButton pressed={category === null} onClick={() => onChoose(null)}>
          {t('shop.allCategories')}
        </FilterButton>
        {categories.map((name) => (
          <FilterButton key={name} pressed={name === category} onClick={() => onChoose(name)}>
            {name}
          </FilterButton>
        ))}
      </div>
      {category && (
        <div className="shop-filter__row shop-filter__row--sub" role="group" aria-label={t('shop.subcategories')}>
          <FilterButton small pressed={subcategory === null} onClick={() => onChoose(category)}>
            {t('shop.allSubcategories')}
          </FilterButton>
          {subcategories.map((name) => (
            <FilterButton key={name} small pressed={name === subcategory} onClick={() => onChoose(category, name)}>
              {name}
            </FilterButton>
          ))}
        </div>
      )}
    </div>
  );
}

function withChosen(names: readonly string[], chosen: string | null): string[] {
  return chosen && !names.includes(chosen) ? [...names, chosen] : [...names];
}

function FilterButton({
  pressed,
  small = false,
  onClick,
  children,
}: {
  pressed: boolean;
  small?: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button type="button" className={small ? 'chip chip--small' : 'chip'} aria-pressed={pressed} onClick={onClick}>
      {children}
    </button>
  );
}
