import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { themeFor, type CategoryGroup } from './catalogue';

/** With no category chosen: every category with its subcategories, each a way in. */
export function ShopWelcome({ groups }: { groups: readonly CategoryGroup[] }) {
  const { t } = useTranslation();
  return (
    <section className="shop-welcome" aria-labelledby="shop-welcome-title">
      <h2 id="shop-welcome-title" className="shop-welcome__title">
        {t('shop.welcome.title')}
      </h2>
      <p className="shop-welcome__text">{t('shop.welcome.text')}</p>
      <ul className="shop-welcome__grid">
        {groups.map((group) => (
          <li key={group.name} className="category-tile" data-theme={themeFor(group.name, null)}>
            <h3 className="category-tile__title">
              <Link to={{ search: `?${new URLSearchParams({ category: group.name })}` }}>{group.name}</Link>
            </h3>
            <ul className="category-tile__subs" aria-label={t('shop.subcategoriesOf', { category: group.name })}>
              {group.subcategories.map((sub) => (
                <li key={sub}>
                  <Link to={{ search: `?${new URLSearchParams({ category: group.name, subcategory: sub })}` }}>{sub}</Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
