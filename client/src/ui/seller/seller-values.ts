import type { TFunction } from 'i18next';
import type { SellerIdentity } from '../../../../shared/schemas/seller';
import { regionNameOf } from '../intl-names';

/**
 * The values texts interpolate to name the seller ({{company}}, {{vat}}, {{enterprise}}…): one
 * identity, from the server's configuration (GET /api/seller), on every page that names it.
 */
export function sellerValues(seller: SellerIdentity, t: TFunction, lng: string) {
  return {
    company: seller.name,
    legalForm: t(`footer.seller.legalForms.${seller.legalForm}`),
    address: seller.address,
    country: regionNameOf(seller.country, lng),
    enterprise: seller.enterpriseNumber ?? seller.vatNumber,
    vat: seller.vatNumber,
    email: seller.email,
    phone: seller.phone ?? '',
    hostName: seller.hosting.name,
    hostAddress: seller.hosting.address,
  };
}

/** tel: link of a written number (+32 2 012 34 56 → tel:+3220123456). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
