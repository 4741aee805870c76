import type { authApi } from '../../../shared/contract/auth';
import type { catalogApi } from '../../../shared/contract/catalog';
import type { cookieConsentApi } from '../../../shared/contract/cookie-consent';
import type { supportLanguagesApi } from '../../../shared/contract/support-languages';
import type { ratingsApi } from '../../../shared/contract/ratings';
import type { sellerApi } from '../../../shared/contract/seller';
import type { ticketsApi } from '../../../shared/contract/tickets';
import type { vatApi } from '../../../shared/contract/vat';
import type { RouteOf } from './call';

// The calls public pages and the header make, as routes only: each literal is checked against its
// contract declaration at compile time (a changed path fails `tsc`), while the declarations
// themselves, and zod with them, stay out of the public pages' JavaScript (issue 18). Call them
// with the declaration's type: `callApi<typeof catalogApi.products>(PUBLIC_ROUTES.products)`.
export const PUBLIC_ROUTES = {
  me: { method: 'get', path: '/api/auth/me' } satisfies RouteOf<typeof authApi.me>,
  logout: { method: 'post', path: '/api/auth/logout' } satisfies RouteOf<typeof authApi.logout>,
  products: { method: 'get', path: '/api/products' } satisfies RouteOf<typeof catalogApi.products>,
  supportLanguages: { method: 'get', path: '/api/support-languages' } satisfies RouteOf<typeof supportLanguagesApi.get>,
  ratingsAverage: { method: 'get', path: '/api/ratings/average' } satisfies RouteOf<typeof ratingsApi.average>,
  rate: { method: 'post', path: '/api/ratings' } satisfies RouteOf<typeof ratingsApi.rate>,
  reviews: { method: 'get', path: '/api/ratings/reviews' } satisfies RouteOf<typeof ratingsApi.reviews>,
  vatStatus: { method: 'get', path: '/api/account/vat' } satisfies RouteOf<typeof vatApi.status>,
  contact: { method: 'post', path: '/api/contact' } satisfies RouteOf<typeof ticketsApi.contact>,
  cookieConsent: { method: 'post', path: '/api/cookie-consent' } satisfies RouteOf<typeof cookieConsentApi.answer>,
  seller: { method: 'get', path: '/api/seller' } satisfies RouteOf<typeof sellerApi.identity>,
} as const;
