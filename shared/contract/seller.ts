import { sellerIdentitySchema } from '../schemas/seller';
import { endpoint } from './endpoint';

/** Who sells (issue 34): the identity the legal pages, the footer and the contact page show. */
export const sellerApi = {
  identity: endpoint({
    method: 'get',
    path: '/api/seller',
    summary:
      "The seller's public identity from the SELLER_* settings: name, legal form, registered office, enterprise and VAT numbers, e-mail, phone and the site's host",
    tag: 'site',
    access: 'public',
    response: sellerIdentitySchema,
  }),
};
