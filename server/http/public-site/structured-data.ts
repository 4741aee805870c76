import type { Language } from '../../../shared/i18n/languages';
import { customerPrice } from '../../../shared/money/customer-price';
import type { Product } from '../../../shared/schemas/product';
import { FAQ_ITEMS } from '../../../shared/site/faq-items';
import { WEEK } from '../../../shared/site/opening-hours';
import { DEFAULT_SUPPORT_LANGUAGES } from '../../../shared/site/support-languages';
import { siteText } from './site-texts';

// schema.org JSON-LD that search engines read beside the page (issue 18).

const SCHEMA_DAYS: Record<(typeof WEEK)[number]['day'], string> = {
  monday: 'https://schema.org/Monday',
  tuesday: 'https://schema.org/Tuesday',
  wednesday: 'https://schema.org/Wednesday',
  thursday: 'https://schema.org/Thursday',
  friday: 'https://schema.org/Friday',
  saturday: 'https://schema.org/Saturday',
  sunday: 'https://schema.org/Sunday',
};

/** The shop and its support's opening hours (the Informations page's week). */
export function organization(publicUrl: string, lng: Language, supportLanguages: readonly Language[] = DEFAULT_SUPPORT_LANGUAGES) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: siteText(lng, 'brand.name'),
    description: siteText(lng, 'brand.tagline'),
    url: `${publicUrl}/${lng}/`,
    logo: `${publicUrl}/logo.svg`,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      url: `${publicUrl}/${lng}/contact`,
      availableLanguage: [...supportLanguages], // what the team answers in, not every language of the site
      hoursAvailable: WEEK.flatMap(({ day, hours }) =>
        hours ? [{ '@type': 'OpeningHoursSpecification', dayOfWeek: SCHEMA_DAYS[day], opens: hours[0], closes: hours[1] }] : [],
      ),
    },
  };
}

function availability(stock: number): string {
  if (stock <= 0) return 'https://schema.org/OutOfStock';
  return stock <= 5 ? 'https://schema.org/LimitedAvailability' : 'https://schema.org/InStock';
}

/** The products shown, each with the price a customer pays a month (tax included), its currency and availability. */
export function productList(products: readonly Product[], shopUrl: (product: Product) => string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: products.map((product, index) => {
      const price = customerPrice(product);
      return {
        '@type': 'ListItem',
        position: index + 1,
        item: {
          '@type': 'Product',
          name: product.name,
          description: product.description,
          category: `${product.category_name} / ${product.subcategory_name}`,
          sku: product.slug,
          offers: {
            '@type': 'Offer',
            url: shopUrl(product),
            price: (price.grossCents / 100).toFixed(2),
            priceCurrency: product.currency,
            availability: availability(product.stock),
          },
        },
      };
    }),
  };
}

/** The home page's questions and answers. */
export function faqPage(lng: Language) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: FAQ_ITEMS.map((id) => ({
      '@type': 'Question',
      name: siteText(lng, `home.faq.items.${id}.question`),
      acceptedAnswer: { '@type': 'Answer', text: siteText(lng, `home.faq.items.${id}.answer`) },
    })),
  };
}
