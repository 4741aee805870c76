import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';

/** GET /api/support-languages: the SUPPORT_LANGUAGES setting. */
export const supportLanguagesSchema = z.object({ languages: z.array(z.enum(LANGUAGES)).min(1) });
export type SupportLanguagesDto = z.infer<typeof supportLanguagesSchema>;
