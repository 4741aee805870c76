import { supportLanguagesSchema } from '../schemas/support-languages';
import { endpoint } from './endpoint';

/** The languages the support team answers in (the SUPPORT_LANGUAGES setting), for the pages that say it. */
export const supportLanguagesApi = {
  get: endpoint({
    method: 'get',
    path: '/api/support-languages',
    summary: 'The languages the support team answers in (SUPPORT_LANGUAGES)',
    tag: 'catalog',
    access: 'public',
    response: supportLanguagesSchema,
  }),
};
