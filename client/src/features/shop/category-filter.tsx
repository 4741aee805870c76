import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CategoryGroup, Placement } from './catalogue';

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
  const { pathname } = useLocation();
  const categories = withChosen(groups, category);
  const subcategories = category ? withChosen(groups.find((g) => g.key === category)?.subcategories ?? [], subcategory) : [];

  // Forms that ask for the same page with the choice in the query: a tap before the page's scripts
  // run still filters (the server renders the category), and once they run the choice is made in place.
  return (
    <div className="shop-filter">
      <form method="get" action={pathname}>
        <div className="shop-filter__row" role="group" aria-label={t('shop.categories')}>
          <FilterButton pressed={category === null} onClick={() => onChoose(null)}>
            {t('shop.allCategories')}
          </FilterButton>
          {categories.map(({ key, name }) => (
            <FilterButton key={key} name="category" value={key} pressed={key === category} onClick={() => onChoose(key)}>
              {name}
            </FilterButton>
          ))}
        </div>
      </form>
      {category && (
        <form method="get" action={pathname}>
          <input type="hidden" name="category" value={category} />
          <div className="shop-filter__row shop-filter__row--sub" role="group" aria-label={t('shop.subcategories')}>
            <FilterButton small pressed={subcategory === null} onClick={() => onChoose(category)}>
              {t('shop.allSubcategories')}
            </FilterButton>
            {subcategories.map(({ key, name }) => (
              <FilterButton
                key={key}
                small
                name="subcategory"
                value={key}
                pressed={key === subcategory}
                onClick={() => onChoose(category, key)}
              >
                {name}
              </FilterButton>
            ))}
          </div>
        </form>
      )}
    </div>
  );
}

function withChosen(placements: readonly Placement[], chosen: string | null): Placement[] {
  return chosen && !placements.some((p) => p.key === chosen) ? [...placements, { key: chosen, name: chosen }] : [...placements];
}

function FilterButton({
  pressed,
  small = false,
  name,
  value,
  onClick,
  children,
}: {
  pressed: boolean;
  small?: boolean;
  /** The query parameter the button sends when the form is sent without the page's scripts. */
  name?: 'category' | 'subcategory';
  value?: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={small ? 'chip chip--small' : 'chip'}
      aria-pressed={pressed}
      onClick={(event) => {
        event.preventDefault();
        onClick();
      }}
    >
      {children}
    </button>
  );
}
