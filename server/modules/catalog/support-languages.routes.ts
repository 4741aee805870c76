import { Router } from 'express';
import { supportLanguagesApi } from '../../../shared/contract/support-languages';
import type { Language } from '../../../shared/i18n/languages';
import { route } from '../../http/route';

/** GET /api/support-languages: the setting, for the pages that say which languages the team answers in. */
export function supportLanguagesRoutes(languages: readonly Language[]): Router {
  const router = Router();
  route(router, supportLanguagesApi.get, ({ res }) => {
    res.setHeader('Cache-Control', 'public, max-age=300'); // a setting: it changes with a restart only
    return { languages: [...languages] };
  });
  return router;
}
