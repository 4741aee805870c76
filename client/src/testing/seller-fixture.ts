import type { SellerIdentity } from '../../../shared/schemas/seller';

/** A seller as GET /api/seller answers it, different from the demo's so a test sees it came from here. */
export const TEST_SELLER: SellerIdentity = {
  name: 'Nordhost SRL',
  legalForm: 'srl',
  address: 'Rue Royale 1, 1000 Bruxelles',
  country: 'BE',
  enterpriseNumber: '0456.789.034',
  vatNumber: 'BE0456789034',
  email: 'contact@nordhost.test',
  phone: '+32 2 012 98 76',
  hosting: { name: 'OVH SAS', address: '2 rue Kellermann, 59100 Roubaix, France' },
};
